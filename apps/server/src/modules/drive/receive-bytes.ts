import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { ObjectStore, PutOptions } from '../../core/storage/object-store.js';
import { sizeMismatch } from './errors.js';

/** Enough of a file's start for `file-type` to recognise any format it knows. */
export const SNIFF_BYTES = 4100;

export interface ReceivedBytes {
  size: number;
  /** Hex SHA-256 of the bytes: the ETag's basis. */
  sha256: string;
  /** The first `SNIFF_BYTES`, to tell the type from. */
  head: Buffer;
}

/**
 * Streams an upload into the store under `key`: counted, hashed and its start kept on the way,
 * never held whole. More bytes than `expected` stop the upload at once; fewer are found at the end.
 * Either way, and when the client goes away, nothing stays in the store (the store's `put` leaves
 * nothing when its stream fails; a short upload is deleted here).
 */
export async function receiveBytes(
  store: ObjectStore,
  key: string,
  body: Readable,
  expected: number,
  options: PutOptions = {},
): Promise<ReceivedBytes> {
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > expected) return done(sizeMismatch(expected, `more than ${expected}`));
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        headParts.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  // The body's failure (the client went away) fails the counter, and with it the store's put.
  pipeline(body, counter, () => {});
  await store.put(key, counter, options);
  if (size !== expected) {
    await store.delete(key);
    throw sizeMismatch(expected, String(size));
  }
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(headParts) };
}
