import { IMPORT_PROBLEMS_KEPT, type ImportMapping } from '@wharf/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { JobQueue } from '../../../core/jobs/queue.js';
import { ObjectNotFound, type ObjectStore } from '../../../core/storage/object-store.js';
import type { MarketingNeeds } from '../deps.js';
import { marketingImports } from '../schema.js';
import { csvItems, detectDelimiter, HEAD_BYTES, type CsvItem } from './csv-reading.js';
import { writeBatch, type BatchCounts } from './import-batch.js';
import type { ImportRow } from './import-views.js';
import type { JoinedListsHook } from '../subscribers/memberships.js';

/** The queue of subscriber imports: one job per import, its payload `{ importId }`. */
export const IMPORT_QUEUE = 'marketing.import';
/** Records per batch: one transaction, one upsert statement, one progress update. */
export const IMPORT_BATCH_SIZE = 2_000;

export interface ImportJobDeps {
  db: Database;
  clock: Clock;
  storage: ObjectStore;
  purchaseHistory: MarketingNeeds['storefront']['purchaseHistory'];
  /** Run for each batch's subscribed people put on lists (flows, decision 039). */
  joinedLists: JoinedListsHook;
  log?: (message: string, details?: unknown) => void;
  /** Records per batch (tests make it small to see several batches). */
  batchSize?: number;
  /** Told after each committed batch (tests stop a run there, as a crash would). */
  onBatch?: (rows: number) => void;
}

/** The import was cancelled while its batch was written: the batch is rolled back and the run ends. */
class Cancelled extends Error {}

/** What the person who started the import is told when it could not finish. */
function failureOf(error: unknown, line: number): string {
  if (error instanceof ObjectNotFound) return 'The uploaded file is gone: upload it again.';
  if (error instanceof AppError && error.status < 500) return error.message;
  return `The import stopped on an unexpected error after line ${line}. What was imported before stays; upload the rest again, and if it stops again, tell support.`;
}

/** The committed run's figures plus a batch's, in the batch's transaction; none if cancelled meanwhile. */
async function recordBatch(
  tx: Executor,
  importId: string,
  items: readonly CsvItem[],
  counts: BatchCounts,
  room: number,
): Promise<void> {
  const kept = counts.problems.slice(0, Math.max(0, room));
  const [still] = await tx
    .update(marketingImports)
    .set({
      rows: sql`${marketingImports.rows} + ${items.length}`,
      bytesRead: items.at(-1)!.bytes,
      created: sql`${marketingImports.created} + ${counts.created}`,
      updated: sql`${marketingImports.updated} + ${counts.updated}`,
      duplicates: sql`${marketingImports.duplicates} + ${counts.duplicates}`,
      invalid: sql`${marketingImports.invalid} + ${counts.invalid}`,
      suppressed: sql`${marketingImports.suppressed} + ${counts.suppressed}`,
      ...(kept.length > 0 ? { problems: sql`${marketingImports.problems} || ${JSON.stringify(kept)}::jsonb` } : {}),
    })
    .where(and(eq(marketingImports.id, importId), eq(marketingImports.status, 'running')))
    .returning({ id: marketingImports.id });
  if (!still) throw new Cancelled();
}

/**
 * Runs one import: streams its file from the store through csv-parse and writes it in batches of
 * `batchSize` records, each batch and the import's progress in one transaction. Nothing of the file
 * is kept beyond the batch being written (memory stays flat however long the file). A run after a
 * crash or a restart skips the records its committed batches counted (`rows`) and goes on from
 * there. Cancelling is seen at the next batch. Ends done, or failed with a sentence.
 */
export async function runImport(deps: ImportJobDeps, importId: string, signal?: AbortSignal): Promise<void> {
  const { db, clock, storage } = deps;
  const batchSize = deps.batchSize ?? IMPORT_BATCH_SIZE;
  const [found] = await db
    .update(marketingImports)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${marketingImports.startedAt}, ${clock.now().toISOString()}::timestamptz)`,
    })
    .where(and(eq(marketingImports.id, importId), inArray(marketingImports.status, ['queued', 'running'])))
    .returning();
  if (!found) {
    // Cancelled before it ran, or finished by an earlier run: the file is no longer needed.
    const [gone] = await db.select().from(marketingImports).where(eq(marketingImports.id, importId));
    if (gone && gone.status !== 'mapping') await storage.delete(gone.objectKey);
    return;
  }
  const job: ImportRow = found;
  const mapping = job.mapping as ImportMapping;
  let done = job.rows;
  let room = IMPORT_PROBLEMS_KEPT - job.problems.length;
  let lastLine = 1;

  const writeItems = async (items: CsvItem[]) => {
    const now = clock.now();
    await db.transaction(async (tx) => {
      // No wait for the disk at each commit: a crash may lose the last batches, but their progress
      // goes with them (same transaction), so the next run writes them again. Doubled the rate.
      await tx.execute(sql`set local synchronous_commit = off`);
      const counts = await writeBatch(tx, items, {
        importId,
        projectId: job.projectId,
        fileName: job.fileName,
        mapping,
        listIds: job.listIds,
        now,
        purchaseHistory: deps.purchaseHistory,
        joinedLists: deps.joinedLists,
      });
      await recordBatch(tx, importId, items, counts, room);
      room -= counts.problems.length;
    });
    done += items.length;
    lastLine = items.at(-1)!.line;
    deps.onBatch?.(done);
  };

  try {
    const head = await storage.get(job.objectKey, { start: 0, end: HEAD_BYTES - 1 });
    let headText = '';
    for await (const chunk of head) headText += (chunk as Buffer).toString('utf8');
    const items = csvItems(await storage.get(job.objectKey), detectDelimiter(headText))[Symbol.asyncIterator]();
    // The header is record 0; records up to `job.rows` were written by committed batches of an earlier run.
    let seen = -1;
    const nextBatch = async (): Promise<CsvItem[]> => {
      const batch: CsvItem[] = [];
      while (batch.length < batchSize) {
        const next = await items.next();
        if (next.done) break;
        seen++;
        if (seen > job.rows) batch.push(next.value);
      }
      return batch;
    };
    // The next batch is read and parsed while the database writes this one.
    let reading = nextBatch();
    try {
      for (;;) {
        const batch = await reading;
        if (batch.length === 0) break;
        reading = nextBatch();
        // A failed write leaves the read ahead unawaited: its own failure is then of no interest.
        reading.catch(() => {});
        if (signal?.aborted) throw signal.reason;
        await writeItems(batch);
      }
    } finally {
      // Stopped early (a failure, a stop, a cancel): the file's stream is closed, not left open.
      void items.return?.(undefined).catch(() => {});
    }
    const [finished] = await db
      .update(marketingImports)
      .set({ status: 'done', bytesRead: job.size, finishedAt: clock.now() })
      .where(and(eq(marketingImports.id, importId), eq(marketingImports.status, 'running')))
      .returning({ id: marketingImports.id });
    if (finished) await storage.delete(job.objectKey);
  } catch (error) {
    if (error instanceof Cancelled) {
      await storage.delete(job.objectKey);
      return;
    }
    // Stopped with the server: the job runs again on the next worker and goes on after `done` records.
    if (signal?.aborted) throw error;
    deps.log?.(`subscriber import ${importId} failed after ${done} records`, error);
    await db
      .update(marketingImports)
      .set({ status: 'failed', failure: failureOf(error, lastLine), finishedAt: clock.now() })
      .where(and(eq(marketingImports.id, importId), eq(marketingImports.status, 'running')));
    await storage.delete(job.objectKey);
  }
}

/** The import queue, in the module's setup. A crashed or stopped run is retried and resumes. */
export function registerImportJob(jobs: JobQueue, deps: ImportJobDeps): void {
  jobs.register<{ importId: string }>(IMPORT_QUEUE, (payload, context) =>
    runImport(deps, payload.importId, context.signal),
  );
}
