import type { ObjectStore } from '../../core/storage/object-store.js';
import { probeImage } from './images/render-image.js';

/** Images larger than this are stored without their dimensions rather than read twice. */
const MEASURED_UP_TO_BYTES = 64 * 1024 ** 2;

/** A stored image's width and height as shown (after its EXIF orientation); none for other files. */
export async function imageSize(
  store: ObjectStore,
  key: string,
  type: string,
  size: number,
): Promise<{ width: number; height: number } | undefined> {
  if (!type.startsWith('image/') || type === 'image/svg+xml' || size > MEASURED_UP_TO_BYTES) return undefined;
  const probed = await probeImage(await store.get(key), { maxInputBytes: MEASURED_UP_TO_BYTES });
  return probed && { width: probed.width, height: probed.height };
}
