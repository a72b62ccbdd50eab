import { typeFamily, type DriveTypeFamily } from '@wharf/contract/drive-types';

export type FileKind = DriveTypeFamily;

/** The family of a media type, as the drive's `type:` search groups them (shared with the server). */
export const fileKind = (type: string): FileKind => typeFamily(type);

const SHORT: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/svg+xml': 'SVG',
  'text/plain': 'TXT',
  'text/markdown': 'MD',
  'application/octet-stream': 'FILE',
  'application/gzip': 'GZ',
  'application/x-7z-compressed': '7Z',
  'application/x-rar-compressed': 'RAR',
  'application/vnd.rar': 'RAR',
  'application/x-bzip2': 'BZ2',
  'application/x-xz': 'XZ',
  'application/zstd': 'ZST',
  'application/x-tar': 'TAR',
  'audio/mpeg': 'MP3',
  'video/quicktime': 'MOV',
};

/** A file type in a few letters, as on the file's icon: PNG, PDF, ZIP, MP4… */
export function typeLabel(type: string): string {
  const known = SHORT[type];
  if (known) return known;
  const subtype = type.split('/')[1] ?? '';
  // `vnd.openxmlformats-officedocument.wordprocessingml.document` says nothing in four letters.
  const plain = /^[a-z0-9]{1,4}$/i.test(subtype) ? subtype : '';
  return plain ? plain.toUpperCase() : 'FILE';
}

const KIND_WORDS: Record<FileKind, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  pdf: 'document',
  text: 'text',
  archive: 'archive',
  other: 'file',
};

/** What the file is, in words: "PNG image", "PDF document", "ZIP archive", "File". */
export function kindName(type: string): string {
  const label = typeLabel(type);
  const kind = fileKind(type);
  if (label === 'FILE') return kind === 'other' ? 'File' : KIND_WORDS[kind].replace(/^./, (c) => c.toUpperCase());
  return `${label} ${KIND_WORDS[kind]}`;
}

/** Raster images the browser shows itself. SVG is never shown from the console's origin (DESIGN.md). */
const RASTER = /^image\/(png|jpeg|gif|webp|avif|bmp)$/;

/** The largest image whose own bytes stand in for a preview the server has not made yet. */
export const ORIGINAL_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;

/** Whether an image's own bytes may be shown in place of a preview: uploaded, raster, not too large. */
export function canShowOriginal(file: { type: string; size: number; status: string }): boolean {
  return file.status === 'ready' && RASTER.test(file.type) && file.size <= ORIGINAL_PREVIEW_MAX_BYTES;
}
