import { useState } from 'react';
import { cx } from '../../../ui/cx';
import type { DriveFileView } from '../api/types';
import { FileIcon } from './FileIcon';

export interface ImageProps {
  /** The drive file to show: its preview's sources when it has them, else its type's icon. */
  file: Pick<DriveFileView, 'name' | 'type' | 'altText' | 'preview' | 'width' | 'height'>;
  /**
   * How wide the image is shown, as the `sizes` attribute says it ("(min-width: 640px) 200px,
   * 100vw"): the browser picks the narrowest source of the srcset that fills it.
   */
  sizes: string;
  /** The text alternative; the file's alt text unless given. '' marks the image decorative. */
  alt?: string;
  /** An address to show while the server has no preview of the file (an object URL of its bytes). */
  fallbackSrc?: string | undefined;
  /** `cover` fills the box and crops (a grid tile); `contain` shows all of it. */
  fit?: 'cover' | 'contain';
  /** `lazy` (the default) waits until the image is near the screen. */
  loading?: 'lazy' | 'eager';
  /** Classes of the box the image (or icon) fills; give it a size. */
  className?: string;
}

/** A preview whose signed addresses have run out is not worth asking for. */
function usable(preview: DriveFileView['preview']): preview is NonNullable<DriveFileView['preview']> {
  return preview !== null && Date.parse(preview.expiresAt) > Date.now();
}

/**
 * A drive image (SPEC.md section 9: srcset formats webp and jpg): a <picture> with the preview's
 * sources, webp first, each a srcset of signed widths, and its jpg `src` for browsers without
 * <picture>; the browser picks the format it reads and the width that `sizes` needs. A file with
 * no (usable) preview — not an image, not processed yet, its addresses expired — shows
 * `fallbackSrc` when given, else its type's icon; so does an image that fails to load.
 *
 * Reusable wherever a drive file is shown (chat attachments, product images, the image picker).
 */
export function Image({ file, sizes, alt, fallbackSrc, fit = 'cover', loading = 'lazy', className }: ImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const text = alt ?? file.altText;
  const box = cx('block overflow-hidden', className);
  const imgClasses = cx('size-full', fit === 'cover' ? 'object-cover' : 'object-contain');
  const preview = usable(file.preview) ? file.preview : null;
  const src = preview?.src ?? fallbackSrc;

  if (!src || failed === src) {
    return (
      <span className={box} {...(text ? { role: 'img', 'aria-label': text } : {})}>
        <FileIcon type={file.type} />
      </span>
    );
  }
  const dimensions = file.width && file.height ? { width: file.width, height: file.height } : {};
  if (!preview) {
    return (
      <span className={box}>
        <img
          src={src}
          alt={text}
          loading={loading}
          decoding="async"
          className={imgClasses}
          onError={() => setFailed(src)}
          {...dimensions}
        />
      </span>
    );
  }
  return (
    <picture className={box}>
      {preview.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={preview.src}
        alt={text}
        sizes={sizes}
        loading={loading}
        decoding="async"
        className={imgClasses}
        onError={() => setFailed(src)}
        {...dimensions}
      />
    </picture>
  );
}
