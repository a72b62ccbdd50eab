import type { DriveSyncPage, DriveSyncStatus } from '@wharf/contract';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { userCards } from '../accounts/read-models.js';
import { toDriveFile, uploaderColumns, type Previews } from './files.js';
import { driveChanges, driveFiles } from './schema.js';
import { driveUsage } from './usage.js';

/**
 * The project's changes after `cursor`, oldest first, each with the file as it is now (null once
 * deleted). Numbers are gapless and in commit order (usage.ts), so a client that stores the cursor
 * it was given and asks again misses nothing and sees nothing twice.
 */
export async function driveSync(
  db: Executor,
  projectId: string,
  cursor: number,
  limit: number,
  previews?: Previews,
): Promise<DriveSyncPage> {
  const rows = await db
    .select({ change: driveChanges, file: driveFiles, uploader: uploaderColumns })
    .from(driveChanges)
    .leftJoin(driveFiles, and(eq(driveFiles.id, driveChanges.fileId), eq(driveFiles.projectId, driveChanges.projectId)))
    .leftJoin(userCards, eq(userCards.id, driveFiles.uploadedBy))
    .where(and(eq(driveChanges.projectId, projectId), gt(driveChanges.sequence, cursor)))
    .orderBy(asc(driveChanges.sequence))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    changes: page.map(({ change, file, uploader }) => ({
      sequence: change.sequence,
      kind: change.kind,
      fileId: change.fileId,
      at: change.at.toISOString(),
      file: file ? toDriveFile({ file, uploader }, previews) : null,
    })),
    cursor: page.at(-1)?.change.sequence ?? cursor,
    hasMore: rows.length > limit,
  };
}

/** Where the feed stands: its last number, the usage against the quota, and the last change. */
export async function driveSyncStatus(db: Executor, projectId: string): Promise<DriveSyncStatus> {
  const { lastSequence, ...usage } = await driveUsage(db, projectId);
  const [last] = await db
    .select()
    .from(driveChanges)
    .where(eq(driveChanges.projectId, projectId))
    .orderBy(desc(driveChanges.sequence))
    .limit(1);
  return {
    cursor: lastSequence,
    usage,
    lastChange: last
      ? { sequence: last.sequence, kind: last.kind, fileId: last.fileId, at: last.at.toISOString() }
      : null,
  };
}
