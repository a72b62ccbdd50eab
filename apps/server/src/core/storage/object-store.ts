import type { Readable } from 'node:stream';

/**
 * Where file bytes live (DESIGN.md: files under `DATA_DIR` by default, any S3-compatible store when
 * `S3_ENDPOINT` is set). Keys are the caller's, built from ids (`projects/<id>/files/<id>/<version>`):
 * a person's file name never becomes a key or a path.
 */
export interface ObjectStore {
  /** Which backing this is, for health and metrics: `local` or `s3`. */
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` in under `key` and resolves once the whole object is stored. If `body` errors
   * (a client went away, a size check failed) the promise rejects with that error and nothing is
   * left under `key` or beside it: no half object, no temporary file, no open multipart upload.
   * Never holds the object whole in memory.
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<void>;
  /**
   * The object's bytes, or the inclusive byte range asked for (`{ start: 0, end: 0 }` is the first
   * byte). The range is the caller's to check against `size` first: an end past the last byte
   * reads to the last byte, a start past it is not defined. Rejects with `ObjectNotFound` when
   * there is no object under `key`.
   */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * The whole object's bytes and its size, or undefined when there is no object under `key`: one
   * request where `size` then `get` would be two (S3: one GetObject, not a HEAD and a GET). The
   * caller reads the stream to its end or destroys it.
   */
  getWithSize(key: string): Promise<{ size: number; stream: Readable } | undefined>;
  /** The object's size in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under `prefix` (a project's files when it goes): every key that starts with
   * `prefix/`, and the object named `prefix` itself if there is one. Prefixes are whole segments:
   * `projects/p1` never touches `projects/p10/…`.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

export interface PutOptions {
  contentType?: string;
  /**
   * How often the object will be read: `infrequent` is cheaper to keep and dearer to read (S3's
   * STANDARD_IA). A folder on a disk has one class; the local store ignores it.
   */
  storageClass?: 'standard' | 'infrequent';
}

/** There is no object under the key asked for. */
export class ObjectNotFound extends Error {
  constructor(readonly key: string) {
    super(`No stored object under ${key}`);
    this.name = 'ObjectNotFound';
  }
}

/**
 * Keys are ids joined by `/`: lower-case letters, digits, `-`, `_` and `.` in segments that are
 * neither empty nor `.`/`..`. Anything else is a caller's bug, refused before it reaches a disk or
 * a bucket.
 */
export function assertObjectKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((segment) => /^[a-z0-9_.-]+$/.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new Error(`Not an object key: ${JSON.stringify(key)}`);
}

/** A range is two byte positions, the start at or before the end; anything else is a caller's bug. */
export function assertRange(range: { start: number; end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new Error(`Not a byte range: ${JSON.stringify(range)}`);
  }
}
