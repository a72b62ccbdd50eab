/**
 * How the drive groups media types (no zod here: the console imports this entry on its own, as
 * `@wharf/contract/drive-types`). The server's search (`type:`) and type checks and the console's
 * icons and filters use the same families.
 */
export const DRIVE_TYPE_FAMILIES = ['image', 'video', 'audio', 'pdf', 'text', 'archive', 'other'] as const;
export type DriveTypeFamily = (typeof DRIVE_TYPE_FAMILIES)[number];

export const ARCHIVE_TYPES: readonly string[] = [
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
];

/** Text types outside `text/` that the drive keeps as declared when their bytes are text. */
export const TEXT_LIKE_TYPES: readonly string[] = ['application/json', 'application/xml'];

/** The family a media type belongs to: what `type:` searches and what a declared type must agree with. */
export function typeFamily(type: string): DriveTypeFamily {
  if (type === 'image/svg+xml') return 'image';
  const [top] = type.split('/');
  if (top === 'image' || top === 'video' || top === 'audio' || top === 'text') return top;
  if (type === 'application/pdf') return 'pdf';
  if (TEXT_LIKE_TYPES.includes(type)) return 'text';
  if (ARCHIVE_TYPES.includes(type)) return 'archive';
  return 'other';
}
