/**
 * The embedded database's own thread (decision 028): PGlite runs here, so a slow statement keeps
 * this thread busy, not the one serving HTTP. `pglite-thread.ts` is the other end. Messages:
 *   query {id, text, params, rowMode, rawOids, tx?}  -> {id, ok, result}
 *   begin {id}                                       -> {id, ok, result: txId} once the transaction holds
 *   end   {id, tx, commit}                           -> {id, ok} once it has committed or rolled back
 *   close {id}                                       -> {id, ok}
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadRequest, ThreadReply } from './pglite-protocol.js';
import { errorFields } from './pglite-protocol.js';
import { NamedStatements } from './pglite-named-statements.js';
import { ARRAY_TYPES_SQL, readRawResult, type ArrayType } from './pglite-raw-results.js';

const port = parentPort!;
const { dataDir } = workerData as { dataDir?: string };
// The extensions the migrations create (`create extension`), loaded into PGlite's build.
const extensions = { pg_trgm };
const db = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
const named = new NamedStatements(db);
/**
 * Up to this size a named statement's answer crosses as bytes and the HTTP thread reads it; larger
 * ones are read here. Measured (docs/performance.md): reading a small answer costs this thread more
 * in fixed overhead than the other thread pays to read it (the projects list's four short answers:
 * +25 % throughput), while reading a page of wide rows on the HTTP thread made that thread the limit
 * (a page of 20 ledger entries: -21 %).
 */
const RAW_REPLY_MAX_BYTES = 2048;
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  /** Settles once PGlite has committed, or rolled back. */
  settled: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
let nextTransaction = 1;

/** Drizzle asks for some types as the text PostgreSQL sent (timestamps, dates): no parsing for those. */
const asText = (value: string) => value;
const parsersFor = (oids: readonly number[]) => Object.fromEntries(oids.map((oid) => [oid, asText]));

const reply = (message: ThreadReply) => port.postMessage(message);
const fail = (id: number, error: unknown) => reply({ id, ok: false, error: errorFields(error) });

/** Rolls a transaction back: its callback throws this, PGlite rolls back and rethrows it. */
class RollBack extends Error {}

/** Opens a transaction and holds it (PGlite's callback waits) until `end` says how it ends. */
function begin(id: number) {
  let opened: OpenTransaction | undefined;
  const settled = db.transaction(async (tx) => {
    const txId = nextTransaction++;
    const ended = new Promise<void>((resolve, reject) => {
      opened = { tx, end: (commit) => (commit ? resolve() : reject(new RollBack())), settled };
    });
    transactions.set(txId, opened!);
    reply({ id, ok: true, result: txId });
    await ended;
  });
  // Failing before its callback ran (BEGIN itself), the transaction never opened: `begin` fails.
  settled.catch((error: unknown) => {
    if (!opened) fail(id, error);
  });
}

async function handle(request: ThreadRequest) {
  switch (request.kind) {
    case 'query': {
      const tx = request.tx === undefined ? undefined : transactions.get(request.tx)?.tx;
      // Named statements bypass the transaction's own query, so its end is checked here for both.
      if (request.tx !== undefined && (!tx || tx.closed)) throw new Error('This transaction has ended');
      const on = tx ?? db;
      const options = { rowMode: request.rowMode, parsers: parsersFor(request.rawOids) };
      if (named.keeps(request.text, request.params)) {
        const result = await named.run(request.text, request.params, options, request.tx !== undefined);
        if (result.raw.length <= RAW_REPLY_MAX_BYTES) {
          // Small answers go as PostgreSQL's bytes, moved rather than copied, for the other thread to read.
          port.postMessage({ id: request.id, ok: true, result } satisfies ThreadReply, [
            result.raw.buffer as ArrayBuffer,
          ]);
        } else {
          reply({ id: request.id, ok: true, result: readRawResult(result, db.parsers, options, request) });
        }
        return;
      }
      const result = await on.query(request.text, request.params, options);
      reply({ id: request.id, ok: true, result });
      return;
    }
    case 'begin':
      begin(request.id);
      return;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('This transaction has ended');
      transactions.delete(request.tx);
      open.end(request.commit);
      try {
        await open.settled;
      } catch (error) {
        if (!(error instanceof RollBack)) throw error; // the commit failed
      }
      reply({ id: request.id, ok: true, result: undefined });
      return;
    }
    case 'close':
      await db.close();
      reply({ id: request.id, ok: true, result: undefined });
      return;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).catch((error: unknown) => fail(request.id, error));
});

/** Ready, with the array types PGlite learnt at start: the other thread parses arrays as PGlite does. */
async function ready() {
  await db.waitReady;
  const { rows } = await db.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL);
  return rows.map((row): ArrayType => [row.oid, row.typarray]);
}

ready().then(
  (arrayTypes) => reply({ id: 0, ok: true, result: arrayTypes }),
  (error: unknown) => fail(0, error),
);
