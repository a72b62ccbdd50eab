import type { DriveFile } from '@wharf/contract';
import { useState } from 'react';
import { useOriginalImage } from '../api/original-image';
import { useInView } from '../use-in-view';
import { Image, type ImageProps } from './Image';

export interface FileThumbnailProps extends Omit<ImageProps, 'file' | 'fallbackSrc'> {
  project: string;
  file: DriveFile;
}

/**
 * A drive file in a list: its preview (Image), and until the server has made one, a raster image's
 * own bytes, fetched once it nears the screen.
 */
export function FileThumbnail({ project, file, className, ...image }: FileThumbnailProps) {
  const [element, setElement] = useState<HTMLSpanElement | null>(null);
  const inView = useInView(element);
  const original = useOriginalImage(project, file, inView);
  return (
    <span ref={setElement} className={className}>
      <Image file={file} fallbackSrc={original} className="size-full" {...image} />
    </span>
  );
}
