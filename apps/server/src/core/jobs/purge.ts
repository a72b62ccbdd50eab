import { and, eq, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { JobQueue } from './queue.js';
import { jobs } from './schema.js';

export const JOB_PURGE_QUEUE = 'jobs.purge';
const DAY_MS = 24 * 60 * 60_000;
/** Finished jobs are kept this long for looking into what ran; failed ones longer, for what did not. */
export const DONE_JOBS_KEPT_DAYS = 30;
export const FAILED_JOBS_KEPT_DAYS = 90;

/** Deletes finished jobs past their keeping time; answers how many went. Queued and running jobs stay. */
export async function purgeFinishedJobs(db: Database, now: Date): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const gone = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, 'done'), lt(jobs.finishedAt, before(DONE_JOBS_KEPT_DAYS))),
        and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, before(FAILED_JOBS_KEPT_DAYS))),
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}

/**
 * The daily purge on the queue: every job the app runs (pushes, invoice runs, top-ups…) leaves a row,
 * so without it the table only grows. Like the invoice run, each purge schedules the next first.
 */
export function registerJobPurge(queue: JobQueue, deps: { db: Database; clock: Clock }): void {
  queue.register(JOB_PURGE_QUEUE, async () => {
    const now = deps.clock.now();
    await queue.ensure(JOB_PURGE_QUEUE, {}, { runAt: new Date(now.getTime() + DAY_MS) });
    await purgeFinishedJobs(deps.db, now);
  });
}

/** At start-up: the next purge, a day from now, unless one is already waiting. */
export async function scheduleJobPurge(queue: JobQueue, clock: Clock): Promise<void> {
  await queue.ensure(JOB_PURGE_QUEUE, {}, { runAt: new Date(clock.now().getTime() + DAY_MS) });
}
