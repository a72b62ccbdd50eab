import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { createTestClock } from '../clock.js';
import type { DatabaseHandle } from '../db/database.js';
import {
  DONE_JOBS_KEPT_DAYS,
  FAILED_JOBS_KEPT_DAYS,
  JOB_PURGE_QUEUE,
  registerJobPurge,
  scheduleJobPurge,
} from './purge.js';
import { JobQueue } from './queue.js';
import { jobs } from './schema.js';

const DAY = 24 * 60 * 60_000;

describe('the daily purge of finished jobs', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('deletes done jobs after 30 days and failed ones after 90, never queued or running ones, and runs daily', async () => {
    const clock = createTestClock('2026-06-01T00:00:00Z');
    const queue = new JobQueue(database.db, clock, { pollMs: 0 });
    registerJobPurge(queue, { db: database.db, clock });
    const ago = (days: number) => new Date(clock.now().getTime() - days * DAY);
    const row = (name: string, state: 'queued' | 'running' | 'done' | 'failed', finishedDaysAgo: number | null) => ({
      queue: `test.${name}`,
      payload: {},
      state,
      maxAttempts: 1,
      runAt: ago(200),
      createdAt: ago(200),
      finishedAt: finishedDaysAgo === null ? null : ago(finishedDaysAgo),
    });
    await database.db
      .insert(jobs)
      .values([
        row('done-old', 'done', DONE_JOBS_KEPT_DAYS + 1),
        row('done-recent', 'done', DONE_JOBS_KEPT_DAYS - 1),
        row('failed-old', 'failed', FAILED_JOBS_KEPT_DAYS + 1),
        row('failed-recent', 'failed', DONE_JOBS_KEPT_DAYS + 1),
        row('queued', 'queued', null),
        row('running', 'running', null),
      ]);

    await scheduleJobPurge(queue, clock);
    await scheduleJobPurge(queue, clock); // a second process starting: still one waiting purge
    const waiting = () => database.db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.queue, JOB_PURGE_QUEUE));
    expect(await waiting()).toHaveLength(1);

    clock.advance(DAY);
    expect(await queue.runDue()).toBe(1);
    const left = await database.db.select({ queue: jobs.queue }).from(jobs);
    expect(
      left
        .map((j) => j.queue)
        .filter((q) => q.startsWith('test.'))
        .sort(),
    ).toEqual(['test.done-recent', 'test.failed-recent', 'test.queued', 'test.running']);
    // The purge that ran stays (done, today) and the next one waits a day ahead.
    const purges = await database.db
      .select({ state: jobs.state, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.queue, JOB_PURGE_QUEUE));
    expect(purges.map((p) => p.state).sort()).toEqual(['done', 'queued']);
    expect(purges.find((p) => p.state === 'queued')!.runAt.getTime()).toBe(clock.now().getTime() + DAY);
  });
});
