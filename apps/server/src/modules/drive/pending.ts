import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import { driveFiles } from './schema.js';
import { lockDrive, recordChange } from './usage.js';

export const EXPIRE_PENDING_QUEUE = 'drive.expire-pending';
const HOUR_MS = 3_600_000;
/** A record whose bytes have not come this long after it was made was abandoned (a closed tab). */
export const PENDING_KEPT_HOURS = 24;

/**
 * Deletes abandoned records: files still `pending` a day after they were made. They hold no bytes
 * (a failed upload leaves none), only a name in the list and a count in the usage; each goes with
 * its change in the feed, as a person's deletion does. Answers how many went.
 */
export async function expirePendingFiles(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PENDING_KEPT_HOURS * HOUR_MS);
  const stale = await db
    .select({ id: driveFiles.id, projectId: driveFiles.projectId })
    .from(driveFiles)
    .where(and(eq(driveFiles.status, 'pending'), lt(driveFiles.createdAt, before)))
    .limit(1000);
  let expired = 0;
  for (const file of stale) {
    await db.transaction(async (tx) => {
      const drive = await lockDrive(tx, file.projectId, now);
      // Still pending under the lock: bytes that came meanwhile keep the file.
      const [gone] = await tx
        .delete(driveFiles)
        .where(and(eq(driveFiles.id, file.id), eq(driveFiles.status, 'pending')))
        .returning({ id: driveFiles.id });
      if (!gone) return;
      await recordChange(tx, drive, { kind: 'deleted', fileId: file.id, at: now, files: -1 });
      expired += 1;
    });
  }
  return expired;
}

/** Daily, like the job purge: each run schedules the next first. */
export function registerPendingExpiry(queue: JobQueue, deps: { db: Database; clock: Clock }): void {
  queue.register(EXPIRE_PENDING_QUEUE, async () => {
    const now = deps.clock.now();
    await queue.ensure(EXPIRE_PENDING_QUEUE, {}, { runAt: new Date(now.getTime() + 24 * HOUR_MS) });
    await expirePendingFiles(deps.db, now);
  });
}

/** At start-up: the next run, a day from now, unless one is already waiting. */
export async function schedulePendingExpiry(queue: JobQueue, clock: Clock): Promise<void> {
  await queue.ensure(EXPIRE_PENDING_QUEUE, {}, { runAt: new Date(clock.now().getTime() + 24 * HOUR_MS) });
}
