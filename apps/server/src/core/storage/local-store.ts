import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertObjectKey, assertRange, ObjectNotFound, type ObjectStore, type PutOptions } from './object-store.js';

/**
 * Where a put writes before its object is whole. `@` is a character no key may hold, so no key and
 * no prefix ever reaches this folder (a `.incoming` would be a valid key segment).
 */
const incomingFolder = '@incoming';

/** File-system answers that mean "there is no object there". */
const missingCodes = new Set(['ENOENT', 'ENOTDIR']);

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The file opened for reading and its size, or undefined when it is no object (missing, or a folder). */
async function openObject(file: string): Promise<{ handle: FileHandle; size: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (missingCodes.has(errorCode(error) ?? '')) return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    // A folder (a key that is only a prefix of others) is no object.
    if (stats.isFile()) return { handle, size: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

/**
 * Objects as files under a root folder (`<DATA_DIR>/files` in app.ts): the key `a/b/c` is the file
 * `<root>/a/b/c`. The folder is made on the first put, so opening a store touches nothing.
 *
 * A put streams into `<root>/@incoming/<random>` and renames the file into place only once the body
 * has ended without error: a rename within one file system is atomic, so a reader sees the old
 * object or the new one, never half of one. On any error the temporary file goes and the error is
 * rethrown.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of `key`: checked as a key first, then checked to stay under the root. */
  private fileOf(key: string): string {
    assertObjectKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Object key ${JSON.stringify(key)} leaves the store`);
    return file;
  }

  /** The content type is not kept here: the drive keeps a file's type with its other facts. */
  async put(key: string, body: Readable, _options?: PutOptions): Promise<void> {
    const file = this.fileOf(key);
    const incoming = path.join(this.root, incomingFolder);
    const temporary = path.join(incoming, randomUUID());
    try {
      await mkdir(incoming, { recursive: true });
      // `wx`: never write over another file; `flush`: the bytes are on disk before the rename names them.
      await pipeline(body, createWriteStream(temporary, { flags: 'wx', flush: true }));
      await mkdir(path.dirname(file), { recursive: true });
      await rename(temporary, file);
    } catch (error) {
      // pipeline has destroyed the body and closed the file; only the file itself is left to remove.
      if (!body.destroyed) body.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.fileOf(key);
    if (range) assertRange(range);
    const opened = await openObject(file);
    if (!opened) throw new ObjectNotFound(key);
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    return opened.handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async getWithSize(key: string): Promise<{ size: number; stream: Readable } | undefined> {
    const opened = await openObject(this.fileOf(key));
    // The size is the open file's (fstat), so it is that of the bytes streamed even if a put renames
    // a new file into place meanwhile.
    return opened && { size: opened.size, stream: opened.handle.createReadStream() };
  }

  async size(key: string): Promise<number | undefined> {
    const file = this.fileOf(key);
    try {
      const stats = await stat(file);
      return stats.isFile() ? stats.size : undefined;
    } catch (error) {
      if (missingCodes.has(errorCode(error) ?? '')) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    try {
      await rm(file, { force: true });
    } catch (error) {
      // A folder there is a prefix of other keys, not an object: there is nothing to remove.
      if (errorCode(error) === 'ERR_FS_EISDIR' || missingCodes.has(errorCode(error) ?? '')) return;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // The folder of the prefix holds exactly the keys under `prefix/`; a file there is the object `prefix`.
    await rm(this.fileOf(prefix), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}
