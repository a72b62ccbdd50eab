import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions as PGliteQueryOptions } from '@electric-sql/pglite';
import { errorFrom, type ThreadReply, type ThreadRequest } from './pglite-protocol.js';
import { isRawResult, parsersFor, readRawResult, type ArrayType, type Parsers } from './pglite-raw-results.js';

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
/** What Drizzle's PGlite driver passes: a row mode, and parsers for the types it reads itself. */
type QueryOptions = Pick<PGliteQueryOptions, 'rowMode' | 'parsers'>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** One transaction's handle, as Drizzle's PGlite driver uses it (queries on the transaction). */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
}

/**
 * The built server runs the worker's JavaScript beside this file. In the source tree (tests, tsx
 * scripts) it is TypeScript, and Node 20 cannot give a worker tsx's import hook (`--import` in a
 * worker's execArgv is ignored there), so a one-line bootstrap registers tsx's require hook first.
 */
function startWorker(workerData: object): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const require = createRequire(import.meta.url);
  const file = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
  const bootstrap = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(file)});`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * The embedded database on a thread of its own (decision 028), answering the calls Drizzle's PGlite
 * driver makes: `query` and `transaction`. PGlite computes on the thread that calls it, and a
 * statement of a second holds that thread for a second; here it holds only the database's thread,
 * and the HTTP thread keeps serving (cached answers, validation, serialisation) meanwhile.
 *
 * Drizzle passes type parsers that hand some types back as text; functions cannot cross threads,
 * so their type ids go instead and the worker applies the same (identity) parsing.
 */
export class PGliteThread {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  private failure: Error | undefined;
  /** PGlite's type parsers, as its thread has them: named statements' rows are read here. */
  private parsers: Parsers = {};

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadReply) => this.settle(message));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  static async open(dataDir?: string): Promise<PGliteThread> {
    const thread = new PGliteThread(startWorker({ dataDir }));
    // Id 0 is the worker's own "ready" (or its failure to open the database).
    const arrayTypes = await new Promise((resolve, reject) => thread.pending.set(0, { resolve, reject }));
    thread.parsers = parsersFor(arrayTypes as ArrayType[]);
    return thread;
  }

  async query(text: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results> {
    const result = await this.call({
      kind: 'query',
      text,
      params,
      rowMode: options.rowMode ?? 'object',
      rawOids: Object.keys(options.parsers ?? {}).map(Number),
      tx,
    });
    if (!isRawResult(result)) return result as Results;
    return readRawResult(result, this.parsers, options, { text, params }) as Results;
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.call({ kind: 'begin' })) as number;
    let result: T;
    try {
      result = await work({ query: (text, params, options) => this.query(text, params, options, tx) });
    } catch (error) {
      await this.call({ kind: 'end', tx, commit: false });
      throw error;
    }
    await this.call({ kind: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ kind: 'close' });
    await this.worker.terminate();
  }

  private call(request: WithoutId<ThreadRequest>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private settle(message: ThreadReply) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(errorFrom(message.error));
  }

  /** The thread is gone: every call waiting, and every later one, fails with why. */
  private fail(error: Error) {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
