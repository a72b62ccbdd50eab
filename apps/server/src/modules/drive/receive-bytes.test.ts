import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStore } from '../../core/storage/local-store.js';
import { ImageProbe } from './image-probe.js';
import { receiveBytes } from './receive-bytes.js';

const CHUNK = 64 * 1024;

/** Noise compresses badly: a photograph's worth of bytes from a small picture (the background is unused). */
const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });

/**
 * `bytes` in 64 KiB chunks, as a socket gives them. Given `seen`, it is told how much the probe kept
 * before each chunk, and before the last one the probe is given a little while to let go of it.
 */
function chunked(bytes: Buffer, probe: ImageProbe, seen?: number[]): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += CHUNK) {
        const last = offset + CHUNK >= bytes.length;
        for (let i = 0; seen && last && probe.kept > 0 && i < 200; i++) await sleep(10);
        seen?.push(probe.kept);
        yield bytes.subarray(offset, offset + CHUNK);
      }
    })(),
    { objectMode: false },
  );
}

describe('receiveBytes measuring an image on the way', () => {
  let dir: string;
  let store: LocalObjectStore;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wharf-receive-'));
    store = new LocalObjectStore(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const receive = async (bytes: Buffer, probe = new ImageProbe(), seen?: number[]) => {
    const key = `r/${Math.random().toString(36).slice(2)}`;
    const received = await receiveBytes(store, key, chunked(bytes, probe, seen), bytes.length, {}, probe);
    expect(await store.size(key)).toBe(bytes.length);
    return received;
  };

  it("measures a JPEG as shown (EXIF orientation 6) from its start, and lets go of it before the file's end", async () => {
    const bytes = await noise(1500, 1000).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect(bytes.length).toBeGreaterThan(16 * CHUNK);
    const probe = new ImageProbe();
    const seen: number[] = [];
    const received = await receive(bytes, probe, seen);
    expect(received.image).toEqual({ width: 1000, height: 1500 });
    // Read from its header: nothing was kept for the rest of the file.
    expect(seen.at(-1)).toBe(0);
    expect(Math.max(...seen)).toBeLessThan(bytes.length / 2);
    expect(probe.kept).toBe(0);
  });

  it('measures a PNG from its start, and a WebP (read only whole) at the end', async () => {
    const png = await noise(600, 500).png().toBuffer();
    expect((await receive(png)).image).toEqual({ width: 600, height: 500 });
    const webp = await noise(800, 600).webp().withMetadata({ orientation: 6 }).toBuffer();
    expect(webp.length).toBeGreaterThan(2 * CHUNK);
    const probe = new ImageProbe();
    expect((await receive(webp, probe)).image).toEqual({ width: 600, height: 800 });
    expect(probe.kept).toBe(0);
  });

  it('measures nothing of a file that is not an image, and keeps nothing of it past its head', async () => {
    const text = Buffer.alloc(40 * CHUNK, 'not an image at all ');
    const probe = new ImageProbe();
    const seen: number[] = [];
    const received = await receive(text, probe, seen);
    expect(received.image).toBeUndefined();
    expect(received.head.length).toBe(4100);
    expect(seen.at(-1)).toBe(0);
    // A PNG's signature and header (a PNG by its head), then bytes sharp cannot read: no size.
    const png = await noise(40, 30).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 33), Buffer.alloc(3 * CHUNK, 7)]);
    const tried = new ImageProbe();
    const upload = await receiveBytes(store, 'r/broken', Readable.from([broken]), broken.length, {}, tried);
    expect(upload.image).toBeUndefined();
    expect(tried.kept).toBe(0);
  });

  it('keeps at most 16 MiB: a larger image read only whole is not measured', async () => {
    const tiff = await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#3366ff' } })
      .tiff({ compression: 'none' })
      .toBuffer();
    expect(tiff.length).toBeGreaterThan(16 * 1024 ** 2);
    const probe = new ImageProbe();
    const seen: number[] = [];
    const received = await receive(tiff, probe, seen);
    expect(received.image).toBeUndefined();
    expect(Math.max(...seen)).toBeLessThanOrEqual(16 * 1024 ** 2);
    expect(probe.kept).toBe(0);
  });

  it('reads a JPEG larger than it keeps, given in one chunk, from the start it kept', async () => {
    const jpeg = await noise(120, 80).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    // Bytes after the end of a JPEG are no part of it: a file of 17 MiB whose header is a JPEG's.
    const bytes = Buffer.concat([jpeg, Buffer.alloc(17 * 1024 ** 2 - jpeg.length)]);
    const probe = new ImageProbe();
    const received = await receiveBytes(store, 'r/one-chunk', Readable.from([bytes]), bytes.length, {}, probe);
    expect(received.image).toEqual({ width: 80, height: 120 });
    expect(probe.kept).toBe(0);
  });

  it('lets go of what it kept when the upload fails', async () => {
    const bytes = await noise(300, 200).webp().toBuffer();
    const probe = new ImageProbe();
    // One byte short of what was declared.
    const upload = receiveBytes(store, 'r/short', Readable.from([bytes.subarray(1)]), bytes.length, {}, probe);
    await expect(upload).rejects.toMatchObject({ code: 'SIZE_MISMATCH' });
    expect(probe.kept).toBe(0);
    expect(await store.size('r/short')).toBeUndefined();
  });
});
