import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { ObjectStore, PutOptions } from '../../core/storage/object-store.js';
import { sizeMismatch } from './errors.js';
import { ImageProbe, type ImageSize } from './image-probe.js';
import { SNIFF_BYTES } from './sniff.js';

export interface ReceivedBytes {
  size: number;
  /** Hex SHA-256 of the bytes: the ETag's basis. */
  sha256: string;
  /** The first `SNIFF_BYTES`, to tell the type from. */
  head: Buffer;
  /** The size of an image sharp reads, measured on the way (ImageProbe); none for other files. */
  image?: ImageSize;
}

/**
 * Streams an upload into the store under `key`: counted, hashed, its start kept and an image
 * measured on the way, never held whole (but an image sharp reads only whole, up to 16 MiB: see
 * ImageProbe). More bytes than `expected` stop the upload at once; fewer are found at the end. Either
 * way, and when the client goes away, nothing stays in the store (the store's `put` leaves nothing
 * when its stream fails; a short upload is deleted here).
 */
export async function receiveBytes(
  store: ObjectStore,
  key: string,
  body: Readable,
  expected: number,
  options: PutOptions = {},
  probe: ImageProbe = new ImageProbe(),
): Promise<ReceivedBytes> {
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let measuring: Promise<ImageSize | undefined> | undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > expected) return done(sizeMismatch(expected, `more than ${expected}`));
      hash.update(chunk);
      probe.write(chunk);
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        headParts.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
    flush(done) {
      // The last attempt runs while the store finishes the put.
      measuring = probe.measure();
      done();
    },
  });
  // The body's failure (the client went away) fails the counter, and with it the store's put.
  pipeline(body, counter, () => {});
  try {
    await store.put(key, counter, options);
  } catch (error) {
    probe.abandon();
    throw error;
  }
  if (size !== expected) {
    probe.abandon();
    await store.delete(key);
    throw sizeMismatch(expected, String(size));
  }
  const image = await (measuring ?? probe.measure());
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(headParts), ...(image ? { image } : {}) };
}
