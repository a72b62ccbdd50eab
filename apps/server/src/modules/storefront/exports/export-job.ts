import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { JobQueue } from '../../../core/jobs/queue.js';
import type { ServiceOf } from '../../../core/modules.js';
import type { driveModule } from '../../drive/index.js';
import type { NotificationService } from '../../notifications/service.js';
import { customerConditions, shopCurrency, type CustomerFilters } from '../customers/customer-list.js';
import { orderConditions, type OrderFilters } from '../orders/order-list.js';
import { reviewConditions, type ReviewFilters } from '../reviews/review-list.js';
import { storefrontCustomers, storefrontExports, storefrontOrders, storefrontReviews } from '../schema.js';
import { majorUnits, safeText } from '../../../core/export-format.js';
import { csvRecord, isoTime } from './csv.js';

/** The queue of the storefront's CSV exports: one job per export, its payload `{ exportId }`. */
export const EXPORT_QUEUE = 'storefront.export';
/** Where in the project's drive exports are kept. */
export const EXPORTS_FOLDER = 'Exports';
/** Rows read per query; each batch is one short read and one progress update. */
export const EXPORT_BATCH_SIZE = 1_000;

export type ExportRow = typeof storefrontExports.$inferSelect;
export type ExportKind = ExportRow['kind'];
type Drive = ServiceOf<typeof driveModule>;

export interface ExportJobDeps {
  db: Database;
  clock: Clock;
  /** The drive's `files.saveGenerated`: where the CSV goes, streamed. */
  saveGenerated: Drive['files']['saveGenerated'];
  notifications: Pick<NotificationService, 'notifyPeople'>;
  log?: (message: string, details?: unknown) => void;
  /** Rows per batch (tests make it small to see several batches). */
  batchSize?: number;
}

/** `orders-2026-11-27.csv`: the kind and the UTC day the export was asked for. */
export const exportFileName = (kind: ExportKind, at: Date) => `${kind}-${at.toISOString().slice(0, 10)}.csv`;

/**
 * One kind of export: its header and fields, and how its rows are read in keyset order. `key` is
 * the order of an index of the table (the date an order was placed then its id; a customer's email,
 * unique in the project), and a key that never changes once written: a row that changes while the
 * export runs is neither written twice nor skipped.
 */
interface Source<Row> {
  header: readonly string[];
  where: SQL;
  read(tx: Executor, where: SQL, limit: number, last?: boolean): Promise<Row[]>;
  /** Rows after `row` in key order. */
  after(row: Row): SQL;
  /** Rows up to `row` in key order, `row` included. */
  atMost(row: Row): SQL;
  fields(row: Row): string[];
  count(tx: Executor, where: SQL): Promise<number>;
}

const o = storefrontOrders;
const orderColumns = {
  id: o.id,
  number: o.number,
  status: o.status,
  placedAt: o.placedAt,
  paidAt: o.paidAt,
  fulfilledAt: o.fulfilledAt,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  currency: o.currency,
  subtotal: o.subtotal,
  shipping: o.shipping,
  tax: o.tax,
  discount: o.discount,
  total: o.total,
  itemCount: o.itemCount,
  source: o.source,
  // The key's time as PostgreSQL's own text: a JS Date drops microseconds, and rows written with
  // them (bulk loads, now()) would repeat or vanish at a batch's edge.
  cursorAt: sql<string>`${o.placedAt}::text`,
};
type OrderExportRow = {
  [K in keyof typeof orderColumns]: K extends 'cursorAt' ? string : (typeof o.$inferSelect)[Exclude<K, 'cursorAt'>];
};

function orderSource(projectId: string, filters: Omit<OrderFilters, 'dateFilterType'>): Source<OrderExportRow> {
  // Exports of orders are by the date they were placed (ExportOrdersQuery has no dateFilterType).
  const where = orderConditions(projectId, { ...filters, dateFilterType: 'placed' });
  return {
    header: [
      'number',
      'status',
      'placedAt',
      'paidAt',
      'fulfilledAt',
      'customerName',
      'customerEmail',
      'currency',
      'subtotal',
      'shipping',
      'tax',
      'discount',
      'total',
      'itemCount',
      'source',
    ],
    where,
    read: (tx, condition, limit, last) =>
      tx
        .select(orderColumns)
        .from(o)
        .where(condition)
        .orderBy(...(last ? [desc(o.placedAt), desc(o.id)] : [asc(o.placedAt), asc(o.id)]))
        .limit(limit),
    after: (row) => sql`(${o.placedAt}, ${o.id}) > (${row.cursorAt}::timestamptz, ${row.id}::uuid)`,
    atMost: (row) => sql`(${o.placedAt}, ${o.id}) <= (${row.cursorAt}::timestamptz, ${row.id}::uuid)`,
    fields: (r) => [
      String(r.number),
      r.status,
      isoTime(r.placedAt),
      isoTime(r.paidAt),
      isoTime(r.fulfilledAt),
      safeText(r.customerName),
      safeText(r.customerEmail),
      r.currency,
      majorUnits(r.subtotal, r.currency),
      majorUnits(r.shipping, r.currency),
      majorUnits(r.tax, r.currency),
      majorUnits(r.discount, r.currency),
      majorUnits(r.total, r.currency),
      String(r.itemCount),
      safeText(r.source),
    ],
    count: async (tx, condition) => (await tx.select({ n: count() }).from(o).where(condition))[0]!.n,
  };
}

const c = storefrontCustomers;
const customerColumns = {
  id: c.id,
  email: c.email,
  name: c.name,
  phone: c.phone,
  orderCount: c.orderCount,
  lifetimeValue: c.lifetimeValue,
  firstPurchasedAt: c.firstPurchasedAt,
  lastPurchasedAt: c.lastPurchasedAt,
  city: sql<string | null>`${c.lastShippingAddress}->>'city'`,
  country: sql<string | null>`${c.lastShippingAddress}->>'country'`,
};
type CustomerExportRow = {
  [K in keyof typeof customerColumns]: K extends 'city' | 'country'
    ? string | null
    : (typeof c.$inferSelect)[Exclude<K, 'city' | 'country'>];
};

function customerSource(projectId: string, filters: CustomerFilters, currency: string): Source<CustomerExportRow> {
  // By email, unique in the project and never changed: the last purchase, which the list sorts by,
  // moves while the export runs, and a customer buying meanwhile would be skipped or written twice.
  return {
    header: [
      'email',
      'name',
      'phone',
      'totalOrderCount',
      'lifetimeValue',
      'currency',
      'firstPurchasedAt',
      'lastPurchasedAt',
      'city',
      'country',
    ],
    where: customerConditions(projectId, filters),
    read: (tx, condition, limit, last) =>
      tx
        .select(customerColumns)
        .from(c)
        .where(condition)
        .orderBy(last ? desc(c.email) : asc(c.email))
        .limit(limit),
    after: (row) => sql`${c.email} > ${row.email}`,
    atMost: (row) => sql`${c.email} <= ${row.email}`,
    fields: (r) => [
      safeText(r.email),
      safeText(r.name),
      safeText(r.phone),
      String(r.orderCount),
      currency ? majorUnits(r.lifetimeValue, currency) : String(r.lifetimeValue),
      currency,
      isoTime(r.firstPurchasedAt),
      isoTime(r.lastPurchasedAt),
      safeText(r.city),
      safeText(r.country),
    ],
    count: async (tx, condition) => (await tx.select({ n: count() }).from(c).where(condition))[0]!.n,
  };
}

const rv = storefrontReviews;
const reviewColumns = {
  id: rv.id,
  submittedAt: rv.submittedAt,
  status: rv.status,
  rating: rv.rating,
  kind: rv.kind,
  productSku: rv.productSku,
  productName: rv.productName,
  authorName: rv.authorName,
  authorEmail: rv.authorEmail,
  title: rv.title,
  body: rv.body,
  photoCount: sql<number>`cardinality(${rv.photoFileIds})`,
  moderatedAt: rv.moderatedAt,
  rejectionReason: rv.rejectionReason,
  // As the orders' key: PostgreSQL's own text of the time, microseconds kept.
  cursorAt: sql<string>`${rv.submittedAt}::text`,
};
type ReviewExportRow = {
  [K in keyof typeof reviewColumns]: K extends 'cursorAt'
    ? string
    : K extends 'photoCount'
      ? number
      : (typeof rv.$inferSelect)[Exclude<K, 'cursorAt' | 'photoCount'>];
};

function reviewSource(projectId: string, filters: ReviewFilters): Source<ReviewExportRow> {
  // By when each was sent in (never changed), as the index (project, submitted_at, id) has them.
  return {
    header: [
      'submittedAt',
      'status',
      'rating',
      'kind',
      'productSku',
      'productName',
      'authorName',
      'authorEmail',
      'title',
      'body',
      'photos',
      'moderatedAt',
      'rejectionReason',
    ],
    where: reviewConditions(projectId, filters),
    read: (tx, condition, limit, last) =>
      tx
        .select(reviewColumns)
        .from(rv)
        .where(condition)
        .orderBy(...(last ? [desc(rv.submittedAt), desc(rv.id)] : [asc(rv.submittedAt), asc(rv.id)]))
        .limit(limit),
    after: (row) => sql`(${rv.submittedAt}, ${rv.id}) > (${row.cursorAt}::timestamptz, ${row.id}::uuid)`,
    atMost: (row) => sql`(${rv.submittedAt}, ${rv.id}) <= (${row.cursorAt}::timestamptz, ${row.id}::uuid)`,
    fields: (r) => [
      isoTime(r.submittedAt),
      r.status,
      String(r.rating),
      r.kind,
      safeText(r.productSku),
      safeText(r.productName),
      safeText(r.authorName),
      safeText(r.authorEmail),
      safeText(r.title),
      safeText(r.body),
      String(r.photoCount),
      isoTime(r.moderatedAt),
      safeText(r.rejectionReason),
    ],
    count: async (tx, condition) => (await tx.select({ n: count() }).from(rv).where(condition))[0]!.n,
  };
}

/**
 * Keyset batches must be read down the index, in order. Without statistics (PGlite has no
 * autovacuum; PostgreSQL right after a bulk load) the planner may prefer to sort the whole remaining
 * range for every batch: a million rows would then cost a million squared (billing's export measured
 * it). Forbidding the sort for the batch's short transaction leaves the ordered index scan.
 */
function inIndexOrder<T>(db: Database, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return read(tx);
  });
}

async function sourceOf(
  db: Database,
  row: ExportRow,
): Promise<Source<OrderExportRow> | Source<CustomerExportRow> | Source<ReviewExportRow>> {
  // The filters were checked when the export was asked for (the same conditions refused bad ones).
  if (row.kind === 'orders') return orderSource(row.projectId, row.filters as Omit<OrderFilters, 'dateFilterType'>);
  if (row.kind === 'reviews') return reviewSource(row.projectId, row.filters as ReviewFilters);
  return customerSource(row.projectId, row.filters as CustomerFilters, await shopCurrency(db, row.projectId));
}

/** What the person who asked is told when an export could not be made. */
function failureOf(error: unknown): string {
  // The drive's refusals are written for people: no room left, no Drive module.
  if (error instanceof AppError && error.status < 500) return error.message;
  return 'The export stopped on an unexpected error. Start it again; if it stops again, tell support.';
}

const KIND_NAMES: Record<ExportKind, string> = { orders: 'orders', customers: 'customers', reviews: 'reviews' };

/**
 * Runs one export: marks it running, counts its rows, then streams them as CSV into a new drive
 * file — keyset batches of `batchSize`, each one short read of its own (no transaction held
 * across the export, none of the rows kept beyond the batch being written), produced only as fast
 * as the drive stores them — with the progress written after every batch. It ends done with the
 * file, or failed with a reason, and the person who asked is notified either way. The rows are
 * those matching when it started: the last of them (in key order) bounds it, so orders placed
 * meanwhile are not part of this file and `rows` ends at `total`.
 */
export async function runExport(deps: ExportJobDeps, exportId: string, signal?: AbortSignal): Promise<void> {
  const { db, clock } = deps;
  const batchSize = deps.batchSize ?? EXPORT_BATCH_SIZE;
  const [job] = await db.select().from(storefrontExports).where(eq(storefrontExports.id, exportId));
  // Gone with its project, or finished by an earlier run.
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const mine = and(eq(storefrontExports.id, exportId), eq(storefrontExports.status, 'running'));
  // A run whose worker died starts again from nothing: its bytes were never kept (saveGenerated).
  await db
    .update(storefrontExports)
    .set({ status: 'running', rows: 0, total: null })
    .where(and(eq(storefrontExports.id, exportId), inArray(storefrontExports.status, ['queued', 'running'])));

  try {
    const source = (await sourceOf(db, job)) as Source<Record<string, unknown>>;
    const [last] = await inIndexOrder(db, (tx) => source.read(tx, source.where, 1, true));
    const bounded = last ? and(source.where, source.atMost(last))! : undefined;
    const total = bounded ? await source.count(db, bounded) : 0;
    await db.update(storefrontExports).set({ total }).where(mine);

    /**
     * One batch as CSV text. Read whole and its transaction ended before any of it is handed on
     * (nothing stays open while the drive takes its time); only the text and the last row outlive
     * this call, so the rows are garbage before the generator waits on the drive.
     */
    const readBatch = async (where: SQL) => {
      const rows = await inIndexOrder(db, (tx) => source.read(tx, where, batchSize));
      let text = '';
      for (const row of rows) text += csvRecord(source.fields(row));
      return { text, count: rows.length, last: rows.at(-1) };
    };
    let written = 0;
    async function* chunks(): AsyncGenerator<string> {
      yield csvRecord(source.header);
      if (!bounded) return;
      let after: Record<string, unknown> | undefined;
      for (;;) {
        const where = after ? and(bounded, source.after(after))! : bounded;
        const batch = await readBatch(where);
        if (batch.count === 0) return;
        // Resumes once the drive has asked for more: backpressure reaches the database.
        yield batch.text;
        written += batch.count;
        await db.update(storefrontExports).set({ rows: written }).where(mine);
        if (batch.count < batchSize) return;
        after = batch.last;
      }
    }
    const body = Readable.from(chunks(), { objectMode: false });
    const stop = () => body.destroy(new Error('The server is stopping'));
    signal?.addEventListener('abort', stop, { once: true });
    let fileId: string;
    try {
      ({ fileId } = await deps.saveGenerated(
        {
          projectId: job.projectId,
          name: job.fileName,
          contentType: 'text/csv',
          createdBy: job.requestedBy,
          folder: EXPORTS_FOLDER,
        },
        body,
      ));
    } finally {
      signal?.removeEventListener('abort', stop);
    }

    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(storefrontExports)
        .set({ status: 'done', rows: written, fileId, finishedAt: clock.now() })
        .where(mine)
        .returning({ id: storefrontExports.id });
      if (!done || !job.requestedBy) return;
      await deps.notifications.notifyPeople(tx, {
        projectId: job.projectId,
        userIds: [job.requestedBy],
        title: `Your ${KIND_NAMES[job.kind]} export is ready`,
        body: `${job.fileName}: ${written.toLocaleString('en')} ${written === 1 ? 'row' : 'rows'}, in the drive's ${EXPORTS_FOLDER} folder.`,
        action: { route: { name: 'integrations.drive.settings', params: {}, query: { project: job.projectId } } },
        push: true,
      });
    });
  } catch (error) {
    // Stopped with the server: the job runs again (from the start) on the next worker.
    if (signal?.aborted) throw error;
    deps.log?.(`storefront export ${exportId} failed`, error);
    const failure = failureOf(error);
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(storefrontExports)
        .set({ status: 'failed', failure, finishedAt: clock.now() })
        .where(mine)
        .returning({ id: storefrontExports.id });
      if (!failed || !job.requestedBy) return;
      await deps.notifications.notifyPeople(tx, {
        projectId: job.projectId,
        userIds: [job.requestedBy],
        title: `Your ${KIND_NAMES[job.kind]} export failed`,
        body: failure,
        action: {
          route: { name: `integrations.${job.kind}.settings`, params: {}, query: { project: job.projectId } },
        },
        push: false,
      });
    });
  }
}

/**
 * The export queue, in the module's setup. A run is one attempt: a failure is recorded on the export
 * (and told), not retried; only a run stopped with the server, or whose record could not be
 * written, is tried again.
 */
export function registerExportJob(jobs: JobQueue, deps: ExportJobDeps): void {
  jobs.register<{ exportId: string }>(EXPORT_QUEUE, (payload, context) =>
    runExport(deps, payload.exportId, context.signal),
  );
}
