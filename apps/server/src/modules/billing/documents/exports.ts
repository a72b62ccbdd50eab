import { ExportColumn, type ExportTransactionsRequest } from '@wharf/contract';
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Executor } from '../../../core/db/database.js';
import { containsPattern } from '../../../core/pagination.js';
import { projectIdsOnPlatform } from '../../projects/read-models.js';
import { majorUnits, safeText } from '../../../core/export-format.js';
import { transactions } from '../schema.js';

/**
 * CSV exports of the ledger, streamed. Every export (a project's transactions, an invoice's lines,
 * a statement's entries, the platform's for admins) is one set of conditions fed to one core:
 *
 * - Rows are read in keyset-paged batches ordered by (project, createdAt, id) — the order of the
 *   ledger's list index, so each batch is an index range scan whatever the offset, across one
 *   project or thousands.
 * - No transaction and no connection is held between batches: each batch is a short read of its own.
 *   A long export therefore never pins a pool connection nor (on PGlite, one connection for
 *   everyone) queues every other request behind it, and a client that goes away leaves nothing
 *   open. The price is no single snapshot; rows booked while the export runs are cut off by the
 *   bound taken at its start (the last matching row then), and a pending entry settling mid-way
 *   shows the status it had when its batch was read.
 * - Readable.from(generator) → csv-stringify: the generator runs only when the stringifier asks
 *   for more (backpressure), so at most one batch sits in memory; destroying the stream (the client
 *   disconnected) returns the generator, which stops asking the database.
 */

export const EXPORT_BATCH_SIZE = 1_000;

type Row = typeof transactions.$inferSelect;
type Cursor = { projectId: string; at: string; id: string };

/** One column's cell; amounts exact in major units, free text defused against formula injection. */
const cells: Record<ExportColumn, (row: Row) => string> = {
  id: (r) => r.id,
  createdAt: (r) => r.createdAt.toISOString(),
  confirmedAt: (r) => r.confirmedAt?.toISOString() ?? '',
  type: (r) => r.type,
  status: (r) => r.status,
  amount: (r) => majorUnits(r.amount, r.currency),
  currency: (r) => r.currency,
  integration: (r) => r.integration,
  sourceReference: (r) => safeText(r.sourceReference),
  description: (r) => safeText(r.description),
  invoiceId: (r) => r.invoiceId ?? '',
};

export interface CsvExportOptions {
  /** Which transactions (the project, invoice, period, filters...). */
  where: SQL | undefined;
  /** The request's columns, in its order; every column when left out. */
  columns?: readonly ExportColumn[] | undefined;
  /** Admin exports span projects: a leading `project` column says whose each row is. */
  projectColumn?: boolean;
  batchSize?: number;
  /** Told about a failure mid-stream (the answer is already under way, so it can only be cut off). */
  onError?: (error: Error) => void;
}

// The cursor's time travels as Postgres' own text of the value: a JS Date would drop microseconds
// and make rows written with them (bulk inserts) repeat or vanish at batch edges.
const cursorAt = sql<string>`${transactions.createdAt}::text`;
const keyAfter = (c: Cursor) =>
  sql`(${transactions.projectId}, ${transactions.createdAt}, ${transactions.id}) > (${c.projectId}::uuid, ${c.at}::timestamptz, ${c.id}::uuid)`;
const keyAtMost = (c: Cursor) =>
  sql`(${transactions.projectId}, ${transactions.createdAt}, ${transactions.id}) <= (${c.projectId}::uuid, ${c.at}::timestamptz, ${c.id}::uuid)`;

/**
 * Keyset pages must be read down the list index, in order. Without statistics (PGlite has no
 * autovacuum; PostgreSQL right after a bulk load) the planner guesses a handful of rows and prefers
 * a bitmap scan of the whole remaining range plus a sort, for every batch: a million rows then cost
 * a million squared (measured: 0.7 s a batch at 200,000 rows). Forbidding the sort for this one
 * short transaction leaves the ordered index scan, whatever the statistics say.
 */
function inIndexOrder<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return read(tx);
  });
}

/** The CSV of the matching transactions, header first, produced as fast as the reader takes it. */
export function transactionsCsv(db: Executor, options: CsvExportOptions): Readable {
  const columns = options.columns ?? ExportColumn.options;
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  const header = [...(options.projectColumn ? ['project'] : []), ...columns];
  const toRecord = (row: Row) => [
    ...(options.projectColumn ? [row.projectId] : []),
    ...columns.map((column) => cells[column](row)),
  ];

  async function* records(): AsyncGenerator<string[]> {
    yield header;
    // The last matching row as the export starts: rows booked later are not part of this file.
    const [last] = await inIndexOrder(db, (tx) =>
      tx
        .select({ projectId: transactions.projectId, at: cursorAt, id: transactions.id })
        .from(transactions)
        .where(options.where)
        .orderBy(desc(transactions.projectId), desc(transactions.createdAt), desc(transactions.id))
        .limit(1),
    );
    if (!last) return;
    let after: Cursor | undefined;
    for (;;) {
      // The batch is read whole and its transaction ended before any row is handed on: nothing
      // stays open while the client takes its time, or if it never comes back.
      const batch = await inIndexOrder(db, (tx) =>
        tx
          .select({ ...getTableColumns(transactions), cursorAt })
          .from(transactions)
          .where(and(options.where, keyAtMost(last), after ? keyAfter(after) : undefined))
          .orderBy(asc(transactions.projectId), asc(transactions.createdAt), asc(transactions.id))
          .limit(batchSize),
      );
      for (const row of batch) yield toRecord(row);
      const end = batch.at(-1);
      if (batch.length < batchSize || !end) return;
      after = { projectId: end.projectId, at: end.cursorAt, id: end.id };
    }
  }

  // RFC 4180: CRLF between records; csv-stringify quotes cells holding commas, quotes or line breaks.
  const csv = stringify({ record_delimiter: 'windows' });
  pipeline(Readable.from(records()), csv, (error) => {
    // A client leaving early is an ordinary end of the stream, not a failure.
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') options.onError?.(error);
  });
  return csv;
}

/** The filters of `exportTransactions` (and the admin export), as listTransactions reads them. */
export function transactionFilters(filter: Omit<ExportTransactionsRequest, 'columns'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // `from` inclusive, `to` exclusive: consecutive ranges never share a row.
  if (filter.from) conditions.push(gte(transactions.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(transactions.createdAt, new Date(filter.to)));
  if (filter.type) conditions.push(eq(transactions.type, filter.type));
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (filter.integration) conditions.push(eq(transactions.integration, filter.integration));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(transactions.sourceReference, pattern), ilike(transactions.description, pattern)));
  }
  return and(...conditions);
}

/** The projects of a platform, or those of them named: an admin export never reaches another platform. */
export function platformProjects(db: Executor, platformId: string, only?: readonly string[]): SQL {
  if (only && only.length === 0) return sql`false`;
  return inArray(transactions.projectId, projectIdsOnPlatform(db, platformId, only));
}

/** `transactions-{project}-{2026-01-15}.csv`, dated by the app clock. */
export function exportFilename(kind: string, subject: string, now: Date): string {
  return `${kind}-${subject}-${now.toISOString().slice(0, 10)}.csv`;
}
