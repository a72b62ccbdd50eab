import { DRIVE_DEFAULT_QUOTA_BYTES, type DriveUsage } from '@wharf/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { quotaExceeded } from './errors.js';
import { countHoldings } from './metrics.js';
import { driveChanges, driveProjects } from './schema.js';

export const DEFAULT_STORAGE_CLASS = 'standard';

type DriveProjectRow = typeof driveProjects.$inferSelect;

/** The project's drive row, made with the default quota the first time the project uses its drive. */
async function ensureDriveProject(tx: Executor, projectId: string, now: Date): Promise<void> {
  await tx
    .insert(driveProjects)
    .values({
      projectId,
      quotaBytes: DRIVE_DEFAULT_QUOTA_BYTES,
      storageClass: DEFAULT_STORAGE_CLASS,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The project's drive row, locked until the transaction ends: every change of the project's files
 * takes it, so usage checks and the change feed's numbers see each change in turn.
 */
export async function lockDrive(tx: Executor, projectId: string, now: Date): Promise<DriveProjectRow> {
  await ensureDriveProject(tx, projectId, now);
  const [row] = await tx.select().from(driveProjects).where(eq(driveProjects.projectId, projectId)).for('update');
  return row!;
}

/** Refuses (413) a file of `bytes` that would take the project past its quota, `freed` bytes being given back. */
export function assertFits(drive: DriveProjectRow, bytes: number, freed = 0): void {
  const free = drive.quotaBytes - drive.usedBytes + freed;
  if (bytes > free) throw quotaExceeded(bytes, free);
}

/**
 * Records one change of a file under the lock `lockDrive` took, with what it does to the usage
 * (bytes and files added or, negative, removed). Answers the change's number.
 */
export async function recordChange(
  tx: Executor,
  drive: DriveProjectRow,
  change: {
    kind: 'created' | 'updated' | 'deleted';
    fileId: string;
    at: Date;
    bytes?: number;
    files?: number;
    /** The change was an upload of this many bytes (counted in the day's uploads). */
    uploaded?: number;
  },
): Promise<number> {
  const [row] = await tx
    .update(driveProjects)
    .set({
      lastSequence: sql`${driveProjects.lastSequence} + 1`,
      usedBytes: sql`${driveProjects.usedBytes} + ${change.bytes ?? 0}`,
      fileCount: sql`${driveProjects.fileCount} + ${change.files ?? 0}`,
      updatedAt: change.at,
    })
    .where(eq(driveProjects.projectId, drive.projectId))
    .returning({
      sequence: driveProjects.lastSequence,
      storedBytes: driveProjects.usedBytes,
      fileCount: driveProjects.fileCount,
    });
  await tx.insert(driveChanges).values({
    projectId: drive.projectId,
    sequence: row!.sequence,
    kind: change.kind,
    fileId: change.fileId,
    at: change.at,
  });
  await countHoldings(tx, drive.projectId, change.at, { ...row!, uploadedBytes: change.uploaded });
  return row!.sequence;
}

/** What the project's drive holds against its quota (the defaults before its first file). */
export async function driveUsage(db: Executor, projectId: string): Promise<DriveUsage & { lastSequence: number }> {
  const [row] = await db.select().from(driveProjects).where(eq(driveProjects.projectId, projectId));
  return {
    projectId,
    quotaBytes: row?.quotaBytes ?? DRIVE_DEFAULT_QUOTA_BYTES,
    usedBytes: row?.usedBytes ?? 0,
    fileCount: row?.fileCount ?? 0,
    storageClass: row?.storageClass ?? DEFAULT_STORAGE_CLASS,
    lastSequence: row?.lastSequence ?? 0,
  };
}

/** How many files the project has (for a deletion's audit entry). */
export async function fileCount(db: Executor, projectId: string): Promise<number> {
  return (await driveUsage(db, projectId)).fileCount;
}
