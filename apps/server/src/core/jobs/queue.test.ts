import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { createTestClock, type TestClock } from '../clock.js';
import type { DatabaseHandle } from '../db/database.js';
import { JobQueue } from './queue.js';
import { jobs } from './schema.js';

const SECOND = 1000;

describe('the job queue', () => {
  let database: DatabaseHandle;
  let clock: TestClock;
  let queue: JobQueue;
  let runs: { queue: string; payload: unknown; attempt: number }[];
  let failuresLeft: number;
  let givenUp: { payload: unknown; error: string }[];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  beforeEach(async () => {
    await database.db.delete(jobs);
    clock = createTestClock();
    runs = [];
    failuresLeft = 0;
    givenUp = [];
    queue = new JobQueue(database.db, clock, { pollMs: 10, lockMs: 60 * SECOND });
    queue.register('test.echo', async (payload, { job }) => {
      runs.push({ queue: job.queue, payload, attempt: job.attempts });
    });
    queue.register(
      'test.flaky',
      async (payload, { job }) => {
        runs.push({ queue: job.queue, payload, attempt: job.attempts });
        if (failuresLeft-- > 0) throw new Error(`flaky failure ${job.attempts}`);
      },
      {
        backoffMs: 10 * SECOND,
        maxBackoffMs: 25 * SECOND,
        onGiveUp: async (payload, error) => {
          givenUp.push({ payload, error: error instanceof Error ? error.message : String(error) });
        },
      },
    );
  });

  const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('runs a job enqueued in a committed transaction once, and none from a rolled-back one', async () => {
    const id = await database.db.transaction((tx) => queue.enqueue(tx, 'test.echo', { n: 1 }));
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'test.echo', { n: 2 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toEqual([{ queue: 'test.echo', payload: { n: 1 }, attempt: 1 }]);
    const row = await jobRow(id);
    expect(row.state).toBe('done');
    expect(row.finishedAt).toEqual(clock.now());
    expect(row.lockedUntil).toBeNull();
  });

  it('waits for runAt, by the clock', async () => {
    await queue.enqueue(database.db, 'test.echo', 'later', { runAt: new Date(clock.now().getTime() + 60 * SECOND) });
    expect(await queue.runDue()).toBe(0);
    clock.advance(59 * SECOND);
    expect(await queue.runDue()).toBe(0);
    clock.advance(SECOND);
    expect(await queue.runDue()).toBe(1);
  });

  it('runs due jobs oldest first and leaves queues it does not know to other workers', async () => {
    await queue.enqueue(database.db, 'test.echo', 'second', { runAt: new Date(clock.now().getTime() - SECOND) });
    await queue.enqueue(database.db, 'test.echo', 'first', { runAt: new Date(clock.now().getTime() - 2 * SECOND) });
    const foreign = await queue.enqueue(database.db, 'somebody.else', {});
    expect(await queue.runDue()).toBe(2);
    expect(runs.map((r) => r.payload)).toEqual(['first', 'second']);
    expect((await jobRow(foreign)).state).toBe('queued');
  });

  it('retries a failure with exponential back-off, then succeeds', async () => {
    failuresLeft = 2;
    const id = await queue.enqueue(database.db, 'test.flaky', 'x', { maxAttempts: 5 });
    expect(await queue.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Error: flaky failure 1', lockedUntil: null });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(10 * SECOND);

    clock.advance(10 * SECOND - 1);
    expect(await queue.runDue()).toBe(0);
    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    // Twice the first wait.
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(20 * SECOND);

    clock.advance(20 * SECOND);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'done', attempts: 3 });
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('caps the back-off and fails for good, with the last error, once the attempts are used up', async () => {
    failuresLeft = 100;
    const id = await queue.enqueue(database.db, 'test.flaky', 'x', { maxAttempts: 4 });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await queue.runDue()).toBe(1);
      const row = await jobRow(id);
      if (row.state === 'queued') {
        waits.push(row.runAt.getTime() - clock.now().getTime());
        clock.set(row.runAt);
      }
    }
    expect(waits).toEqual([10 * SECOND, 20 * SECOND, 25 * SECOND]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 4, lastError: 'Error: flaky failure 4' });
    expect(row.finishedAt).toEqual(clock.now());
    // The queue's owner hears of it once, with the last error, to wind up what the job was doing.
    expect(givenUp).toEqual([{ payload: 'x', error: 'flaky failure 4' }]);
    clock.advance(24 * 60 * 60 * SECOND);
    expect(await queue.runDue()).toBe(0);
    expect(givenUp).toHaveLength(1);
  });

  it('tells nobody while attempts are left, and tells the owner when a worker dies on the last one', async () => {
    failuresLeft = 1;
    await queue.enqueue(database.db, 'test.flaky', 'retried', { maxAttempts: 3 });
    await queue.runDue();
    clock.advance(10 * SECOND);
    await queue.runDue();
    expect(givenUp).toEqual([]);
    const id = await queue.enqueue(database.db, 'test.flaky', 'orphaned', { maxAttempts: 1 });
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: clock.now() })
      .where(eq(jobs.id, id));
    expect(await queue.runDue()).toBe(1);
    expect(givenUp).toEqual([{ payload: 'orphaned', error: expect.stringContaining('worker stopped') }]);
  });

  it('reclaims a running job whose lock lapsed (its worker died), and ignores the late result of the first run', async () => {
    const id = await queue.enqueue(database.db, 'test.echo', 'orphan');
    // A worker claims it and dies: the row stays running under its lock.
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedUntil: new Date(clock.now().getTime() + 60 * SECOND) })
      .where(eq(jobs.id, id));
    expect(await queue.runDue()).toBe(0);
    clock.advance(60 * SECOND);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toEqual([{ queue: 'test.echo', payload: 'orphan', attempt: 2 }]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('renews the claim of a job running longer than its lock, so no other worker starts it again', async () => {
    const beating = new JobQueue(database.db, clock, { pollMs: 10, lockMs: 60 * SECOND, heartbeatMs: 5 });
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const held = new Promise<void>((resolve) => (finish = resolve));
    let starts = 0;
    beating.register('test.long', async () => {
      starts++;
      started();
      await held;
    });
    const other = new JobQueue(database.db, clock, { pollMs: 10, lockMs: 60 * SECOND });
    other.register('test.long', async () => {
      starts++;
    });
    const id = await queue.enqueue(database.db, 'test.long', 'a million rows');
    const run = beating.runOne();
    await running;
    // Two lock lengths pass while it runs; each time the worker renews its claim past the new now.
    for (const step of [50, 50]) {
      clock.advance(step * SECOND);
      await vi.waitFor(async () =>
        expect((await jobRow(id)).lockedUntil!.getTime()).toBe(clock.now().getTime() + 60 * SECOND),
      );
      expect(await other.runDue()).toBe(0);
    }
    finish();
    expect(await run).toBe(true);
    expect(starts).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null });
  });

  it('fails a lapsed job that had no attempts left instead of running it again', async () => {
    const id = await queue.enqueue(database.db, 'test.echo', 'doomed', { maxAttempts: 2 });
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 2, lockedUntil: clock.now() })
      .where(eq(jobs.id, id));
    expect(await queue.runDue()).toBe(1);
    expect(runs).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', lastError: expect.stringContaining('worker stopped') });
  });

  it('lets two workers claim side by side without running a job twice', async () => {
    const other = new JobQueue(database.db, clock, { pollMs: 10 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const slow = async (payload: unknown) => {
      seen.push(payload as string);
      if (seen.length === 2) release();
      await gate;
    };
    const mine = new JobQueue(database.db, clock, { pollMs: 10 });
    mine.register('test.slow', slow);
    other.register('test.slow', slow);
    await queue.enqueue(database.db, 'test.slow', 'a');
    await queue.enqueue(database.db, 'test.slow', 'b');
    // Each holds its job while the other claims: both must get one, neither the same.
    await Promise.all([mine.runOne(), other.runOne()]);
    expect(seen.sort()).toEqual(['a', 'b']);
    expect(await mine.runDue()).toBe(0);
  });

  it('polls once started, and stops without a timer left, aborting the job in flight', async () => {
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    queue.register('test.hang', async (_payload, { signal }) => {
      started();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = signal.aborted;
      throw new Error('aborted');
    });
    queue.start();
    await queue.enqueue(database.db, 'test.echo', 'polled');
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5000, interval: 10 });
    const hanging = await queue.enqueue(database.db, 'test.hang', {});
    await running;
    await queue.stop();
    expect(aborted).toBe(true);
    // The interrupted job goes back to the queue for a later try.
    expect(await jobRow(hanging)).toMatchObject({ state: 'queued', attempts: 1 });
    await queue.enqueue(database.db, 'test.echo', 'after stop');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toHaveLength(1);
  });
});
