import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { DRIVE_MAX_FILE_BYTES } from '@wharf/contract';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { ObjectStore } from '../../core/storage/object-store.js';
import { driveNotInstalled, quotaExceeded } from './errors.js';
import { objectKeyOf } from './objects.js';
import { driveFiles } from './schema.js';
import { decideType, SNIFF_BYTES } from './sniff.js';
import { assertFits, driveUsage, lockDrive, recordChange } from './usage.js';

export interface GeneratedFilesDeps {
  db: Database;
  clock: Clock;
  storage: ObjectStore;
  hasDrive(projectId: string): Promise<boolean>;
}

/** A file another module makes for a person (an export), to keep in the project's drive. */
export interface GeneratedFile {
  projectId: string;
  /** Its display name (`orders-2026-11-27.csv`): one line, no `/` or `\`. */
  name: string;
  /** Its media type as the maker knows it; checked against the bytes as an upload's is. */
  contentType: string;
  /** Who asked for it (shown as its uploader), or null for the system. */
  createdBy: string | null;
  /** Where the drive lists it (`Exports`, `reports/2026`); the top level when empty. */
  folder: string;
}

/**
 * Keeps bytes another module generates as a drive file, the same as an upload ends: the bytes are
 * streamed into the store first (counted and hashed on the way, never held whole), then the file's
 * record goes in `ready` with its change and usage in one transaction under the drive's lock. A body
 * that fails, or a drive that would go over its quota, leaves nothing: the store's `put` leaves no half
 * object, and stored bytes whose record could not be written are deleted. The drive refuses bytes
 * past the space left as they come (so a runaway maker cannot fill the disk), and checks again under
 * the lock. Answers the new file's id; its download is any uploaded file's (`getFile`).
 */
export async function saveGenerated(
  deps: GeneratedFilesDeps,
  file: GeneratedFile,
  body: Readable,
): Promise<{ fileId: string; size: number }> {
  const { db, clock, storage } = deps;
  const refuse = (error: Error): never => {
    body.destroy();
    throw error;
  };
  if (!(await deps.hasDrive(file.projectId))) refuse(driveNotInstalled());
  const usage = await driveUsage(db, file.projectId);
  const room = Math.min(DRIVE_MAX_FILE_BYTES, usage.quotaBytes - usage.usedBytes);
  const fileId = randomUUID();
  const key = objectKeyOf(file.projectId, fileId, 1);

  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > room) return done(quotaExceeded(size, room));
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        headParts.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  // The body's failure fails the counter and with it the store's put (nothing is left stored).
  pipeline(body, counter, () => {});
  await storage.put(key, counter, {
    contentType: file.contentType,
    storageClass: usage.storageClass === 'infrequent' ? 'infrequent' : 'standard',
  });
  try {
    const type = await decideType(file.contentType, Buffer.concat(headParts));
    const now = clock.now();
    await db.transaction(async (tx) => {
      const drive = await lockDrive(tx, file.projectId, now);
      assertFits(drive, size);
      await tx.insert(driveFiles).values({
        id: fileId,
        projectId: file.projectId,
        name: file.name,
        folder: file.folder,
        type,
        size,
        status: 'ready',
        version: 1,
        objectKey: key,
        sha256: hash.digest('hex'),
        tags: [],
        altText: '',
        custom: {},
        public: false,
        uploadedBy: file.createdBy,
        createdAt: now,
        updatedAt: now,
        uploadedAt: now,
      });
      await recordChange(tx, drive, { kind: 'created', fileId, at: now, bytes: size, files: 1, uploaded: size });
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return { fileId, size };
}
