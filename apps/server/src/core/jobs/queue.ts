import { and, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database, Executor } from '../db/database.js';
import { jobs } from './schema.js';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  job: JobRow;
  /** Aborted when the worker stops, so a slow call (a push service) does not hold shutdown open. */
  signal: AbortSignal;
}

/** Runs one job. Returning finishes it; throwing re-queues it with back-off until its attempts are used up. */
/** What code that only adds jobs needs of the queue (inside its own transaction). */
export type JobEnqueuer = Pick<JobQueue, 'enqueue'>;

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface QueueOptions {
  /** The first retry waits this long; each later one twice the one before, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * Told once a job of the queue has failed for good (its attempts used up, or its worker died on the
 * last): the handler leaves what the job was doing in a state a person can see and act on, rather
 * than "in progress" for ever (a campaign's send is paused with the reason).
 */
export type GiveUpHandler<P> = (payload: P, error: unknown) => Promise<void>;

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Not before this time (the clock's now by default). */
  runAt?: Date;
}

const defaults: Required<QueueOptions> = { backoffMs: 10_000, maxBackoffMs: 60 * 60_000 };
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_LOCK_MS = 5 * 60_000;

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function backoffDelay(attempts: number, options: Required<QueueOptions>): number {
  return Math.min(options.backoffMs * 2 ** Math.max(0, attempts - 1), options.maxBackoffMs);
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}

/**
 * The background job queue over the `jobs` table (DESIGN.md: in-process over the database, the same
 * code on PostgreSQL with several processes). Jobs are enqueued in the caller's transaction, so a
 * change that rolls back leaves no job behind; any process that registered a queue may claim its jobs.
 */
export class JobQueue {
  private readonly handlers = new Map<
    string,
    { run: JobHandler<never>; options: Required<QueueOptions>; giveUp?: GiveUpHandler<never> }
  >();
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<void> | undefined;
  private stopping = new AbortController();
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: {
      pollMs: number;
      /** How long a claim lasts: a job still `running` after this is taken to have lost its worker. */
      lockMs?: number;
      /** How often a running job's claim is renewed (a third of `lockMs` by default). */
      heartbeatMs?: number;
      log?: (message: string, error?: unknown) => void;
    },
  ) {}

  register<P>(queue: string, run: JobHandler<P>, options: QueueOptions & { onGiveUp?: GiveUpHandler<P> } = {}): void {
    if (this.handlers.has(queue)) throw new Error(`Job queue ${queue} is registered twice`);
    const { onGiveUp, ...timing } = options;
    this.handlers.set(queue, {
      run: run as JobHandler<never>,
      options: { ...defaults, ...timing },
      ...(onGiveUp ? { giveUp: onGiveUp as GiveUpHandler<never> } : {}),
    });
  }

  /** Add a job, in the caller's transaction when given one. Answers its id. */
  async enqueue(tx: Executor, queue: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
    const [id] = await this.enqueueMany(tx, queue, [payload], options);
    return id!;
  }

  /**
   * Enqueues a job unless one like it is already queued (`same` narrows "like it", by payload): at
   * most one pending run of a schedule however many processes start, since they take turns on an
   * advisory lock and two cannot both find none and both enqueue.
   */
  async ensure(queue: string, payload: object, options: EnqueueOptions & { same?: SQL } = {}): Promise<void> {
    const { same, ...enqueue } = options;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${queue}))`);
      const [pending] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.queue, queue), eq(jobs.state, 'queued'), same))
        .limit(1);
      if (!pending) await this.enqueue(tx, queue, payload, enqueue);
    });
  }

  /** Add one job per payload in one statement (a notification's pushes to every device). */
  async enqueueMany(tx: Executor, queue: string, payloads: unknown[], options: EnqueueOptions = {}): Promise<string[]> {
    if (payloads.length === 0) return [];
    const now = this.clock.now();
    const rows = await tx
      .insert(jobs)
      .values(
        payloads.map((payload) => ({
          queue,
          payload,
          maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          runAt: options.runAt ?? now,
          createdAt: now,
        })),
      )
      .returning({ id: jobs.id });
    return rows.map((r) => r.id);
  }

  /**
   * Claim one due job of a registered queue: queued and due, or running with a lapsed lock. SKIP
   * LOCKED lets several workers claim side by side without waiting on or taking each other's job.
   */
  private async claim(): Promise<JobRow | undefined> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return undefined;
    const now = this.clock.now();
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.queue, queues),
          or(
            and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
            and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const lockedUntil = new Date(now.getTime() + (this.options.lockMs ?? DEFAULT_LOCK_MS));
    const [job] = await this.db
      .update(jobs)
      .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil })
      .where(eq(jobs.id, due))
      .returning();
    return job;
  }

  /**
   * Record how a run ended. The attempt count in the condition makes it a no-op for a run whose lock
   * lapsed and whose job another worker has claimed since: that worker's result counts.
   */
  private async finish(job: JobRow, error?: unknown): Promise<void> {
    const now = this.clock.now();
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    if (error === undefined) {
      await this.db.update(jobs).set({ state: 'done', lockedUntil: null, finishedAt: now }).where(mine);
      return;
    }
    const lastError = messageOf(error);
    if (job.attempts >= job.maxAttempts) {
      const [failed] = await this.db
        .update(jobs)
        .set({ state: 'failed', lockedUntil: null, finishedAt: now, lastError })
        .where(mine)
        .returning({ id: jobs.id });
      this.options.log?.(`job ${job.queue} ${job.id} failed for good after ${job.attempts} attempts`, error);
      // Only the worker whose result counted tells the queue's owner, and once.
      const giveUp = failed ? this.handlers.get(job.queue)?.giveUp : undefined;
      await giveUp?.(job.payload as never, error).catch((cause: unknown) =>
        this.options.log?.(`job ${job.queue} ${job.id} could not be wound up after failing`, cause),
      );
      return;
    }
    const runAt = new Date(now.getTime() + backoffDelay(job.attempts, this.handlers.get(job.queue)!.options));
    await this.db.update(jobs).set({ state: 'queued', lockedUntil: null, runAt, lastError }).where(mine);
  }

  /**
   * Renews a running job's claim until it ends, so a job that runs longer than `lockMs` (an export
   * of a million rows) is not taken for orphaned and started again by another worker. Only a worker
   * that is alive renews: one that died stops, its lock lapses, and the job is reclaimed as before.
   */
  private keepClaim(job: JobRow): () => void {
    const lockMs = this.options.lockMs ?? DEFAULT_LOCK_MS;
    const renew = async () => {
      const lockedUntil = new Date(this.clock.now().getTime() + lockMs);
      await this.db
        .update(jobs)
        .set({ lockedUntil })
        .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.state, 'running')));
    };
    const timer = setInterval(
      () => {
        renew().catch((error: unknown) =>
          this.options.log?.(`the claim of job ${job.queue} ${job.id} was not renewed`, error),
        );
      },
      this.options.heartbeatMs ?? lockMs / 3,
    ).unref();
    return () => clearInterval(timer);
  }

  /** Claim and run one due job; false when none is due. */
  async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    // A job whose worker died while running it comes back here with its attempts already used.
    if (job.attempts > job.maxAttempts) {
      await this.finish(job, new Error('Its worker stopped while running it, and no attempts are left'));
      return true;
    }
    let failure: unknown;
    const release = this.keepClaim(job);
    try {
      await this.handlers.get(job.queue)!.run(job.payload as never, { job, signal: this.stopping.signal });
    } catch (error) {
      failure = error ?? new Error('The job failed');
    } finally {
      release();
    }
    await this.finish(job, failure);
    return true;
  }

  /**
   * Run every job due by the clock's now, one after another, and answer how many ran. Retries are
   * due later, so this ends; tests call it instead of waiting for the worker.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    while (await this.runOne()) ran++;
    return ran;
  }

  /** Poll for due jobs every `pollMs` until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const loop = () => {
      this.tick = this.pollOnce()
        .catch((error: unknown) => this.options.log?.('the job worker could not run jobs', error))
        .finally(() => {
          this.tick = undefined;
          if (this.running) this.timer = setTimeout(loop, this.options.pollMs).unref();
        });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  private async pollOnce(): Promise<void> {
    while (this.running && (await this.runOne()));
  }

  /** Stop polling, abort the job in flight and wait for it to settle, leaving no timer behind. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.tick;
    // runDue may still be called by hand (tests) after a stop.
    this.stopping = new AbortController();
  }
}
