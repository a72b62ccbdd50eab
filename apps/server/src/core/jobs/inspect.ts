import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import type { JobRow } from './queue.js';
import { jobs, type jobStates } from './schema.js';

/**
 * What modules may ask of the job queue's table, besides adding jobs (queue.ts): whether a job like
 * one they would add is pending, and (tests) which jobs a queue holds. The `jobs` table stays private
 * to core/jobs.
 */

export type JobState = (typeof jobStates)[number];

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A condition on a job's payload: its top-level `field` holds `value` (as text). For `JobQueue.ensure`'s
 * `same` ("one pending run per period") and the readers below.
 */
export function payloadIs(field: string, value: string): SQL {
  if (!FIELD.test(field)) throw new Error(`Not a payload field name: ${field}`);
  return sql`${jobs.payload}->>${sql.raw(`'${field}'`)} = ${value}`;
}

/** Whether a job of the queue whose payload's `field` is `value` is queued or running: one query, in the caller's transaction. */
export async function hasJobInFlight(tx: Executor, queue: string, field: string, value: string): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, queue), inArray(jobs.state, ['queued', 'running']), payloadIs(field, value)))
    .limit(1);
  return waiting !== undefined;
}

/**
 * The jobs of a queue (tests read what was scheduled through this), narrowed to one state, one id or
 * one payload field's value. In no particular order.
 */
export async function jobsOfQueue(
  db: Executor,
  queue: string,
  filter: { state?: JobState; id?: string; payload?: { field: string; value: string } } = {},
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, queue),
        filter.state ? eq(jobs.state, filter.state) : undefined,
        filter.id ? eq(jobs.id, filter.id) : undefined,
        filter.payload ? payloadIs(filter.payload.field, filter.payload.value) : undefined,
      ),
    );
}

/** Every job of a queue, whatever its state, in no particular order (the notifications tests' reader). */
export async function queuedJobs(db: Executor, queue: string): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.queue, queue));
}

/** Deletes every job (of one queue when given): tests start from an empty queue. */
export async function deleteJobs(db: Executor, queue?: string): Promise<void> {
  await db.delete(jobs).where(queue === undefined ? undefined : eq(jobs.queue, queue));
}
