import { describe, expect, it } from 'vitest';
import { canShowOriginal, fileKind, kindName, typeLabel } from './file-kinds';
import { fileCount, formatBytes, usageShare, usageText } from './format';
import { publicFileUrl } from './public-link';
import { formatTags, parseTags } from './tags';

describe('drive sizes and usage', () => {
  it('writes sizes in units of 1024, as the quota is set', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(1023, 'en')).toBe('1,023 bytes');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(3.25 * 1024 ** 2, 'en')).toBe('3.3 MB');
    expect(formatBytes(250 * 1024 ** 2, 'en')).toBe('250 MB');
    expect(formatBytes(1024 ** 3, 'en')).toBe('1 GB');
    expect(formatBytes(5 * 1024 ** 4, 'en')).toBe('5 TB');
  });

  it('says the usage against the quota, and how full it is', () => {
    const usage = { usedBytes: 3.2 * 1024 ** 2, quotaBytes: 1024 ** 3 };
    expect(usageText(usage, 'en')).toBe('3.2 MB of 1 GB used');
    expect(usageShare(usage)).toBeCloseTo(0.003125);
    expect(usageShare({ usedBytes: 2, quotaBytes: 1 })).toBe(1);
    expect(usageShare({ usedBytes: 0, quotaBytes: 0 })).toBe(1);
    expect(fileCount(1)).toBe('1 file');
    expect(fileCount(12)).toBe('12 files');
  });
});

describe('drive file kinds', () => {
  it('groups types as the search’s type: filter does', () => {
    expect(fileKind('image/png')).toBe('image');
    expect(fileKind('image/svg+xml')).toBe('image');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('text/csv')).toBe('text');
    expect(fileKind('application/json')).toBe('text');
    expect(fileKind('application/zip')).toBe('archive');
    expect(fileKind('video/mp4')).toBe('video');
    expect(fileKind('application/octet-stream')).toBe('other');
  });

  it('names types in a few letters and in words', () => {
    expect(typeLabel('image/png')).toBe('PNG');
    expect(typeLabel('image/jpeg')).toBe('JPG');
    expect(typeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('FILE');
    expect(kindName('image/png')).toBe('PNG image');
    expect(kindName('application/pdf')).toBe('PDF document');
    expect(kindName('application/zip')).toBe('ZIP archive');
    expect(kindName('application/octet-stream')).toBe('File');
    expect(kindName('text/x-unknown-thing')).toBe('Text');
  });

  it('shows an image’s own bytes in place of a preview only when raster, uploaded and small', () => {
    expect(canShowOriginal({ type: 'image/png', size: 1000, status: 'ready' })).toBe(true);
    expect(canShowOriginal({ type: 'image/svg+xml', size: 1000, status: 'ready' })).toBe(false);
    expect(canShowOriginal({ type: 'image/png', size: 1000, status: 'pending' })).toBe(false);
    expect(canShowOriginal({ type: 'image/png', size: 50 * 1024 ** 2, status: 'ready' })).toBe(false);
    expect(canShowOriginal({ type: 'application/pdf', size: 1000, status: 'ready' })).toBe(false);
  });
});

describe('drive links and tags', () => {
  it('links a public file by project, id and version, absolute', () => {
    const file = { id: 'f1', projectId: 'p1', version: 3 };
    expect(publicFileUrl(file, 'https://console.example')).toBe(
      'https://console.example/v1/drive/public/p1/files/f1?v=3',
    );
    expect(publicFileUrl(file)).toBe(`${window.location.origin}/v1/drive/public/p1/files/f1?v=3`);
  });

  it('reads tags separated by commas or spaces', () => {
    expect(parseTags(' summer, sale  quay,,')).toEqual(['summer', 'sale', 'quay']);
    expect(parseTags('')).toEqual([]);
    expect(formatTags(['summer', 'sale'])).toBe('summer, sale');
  });
});
