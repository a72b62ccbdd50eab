import { ARCHIVE_TYPES, TEXT_LIKE_TYPES, type DriveTypeFilter } from '@wharf/contract';

/** The media types of each family, for a search's conditions: a prefix or a list. */
export const familyTypes: Record<Exclude<DriveTypeFilter, 'other'>, { prefix?: string; exact?: string[] }> = {
  image: { prefix: 'image/' },
  video: { prefix: 'video/' },
  audio: { prefix: 'audio/' },
  text: { prefix: 'text/', exact: [...TEXT_LIKE_TYPES] },
  pdf: { exact: ['application/pdf'] },
  archive: { exact: [...ARCHIVE_TYPES] },
};

/**
 * Types the console's origin may show inline: raster images, PDF, audio and video. Everything else,
 * SVG and HTML above all (they run script), is only ever an attachment.
 */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif|bmp)|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;
export const showsInline = (type: string) => INLINE.test(type);
