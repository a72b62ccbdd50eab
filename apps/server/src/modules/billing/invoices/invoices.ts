import { randomUUID } from 'node:crypto';
import type { Invoice, InvoicePaymentAttempt, InvoiceStatus, InvoiceType } from '@wharf/contract';
import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import { preparedShapes } from '../../../core/db/prepared.js';
import {
  afterToken,
  containsPattern,
  olderThanPlaceholders,
  olderThanToken,
  timePage,
} from '../../../core/pagination.js';
import { findProjectBillingFacts } from '../../projects/read-models.js';
import { bookPlanFee, bookSystemEntry } from './invoice-lines.js';
import { pageOfAttempts, toPaymentAttempt } from '../payments/payment-methods.js';
import {
  billingAccounts,
  invoiceCounters,
  invoices,
  paymentAttempts,
  summaries,
  transactions,
  wallets,
} from '../schema.js';
import { taxLabel, taxOn, taxRateBps } from '../tax.js';
import { lockWallet } from '../ledger/wallets.js';

export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice is payable for this long after it is issued; later it reads as overdue. */
export const INVOICE_DUE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const invoiceNotFound = () => new AppError(404, 'INVOICE_NOT_FOUND', 'Invoice not found');
export const invoiceNotPayable = (status: InvoiceStatus) =>
  new AppError(409, 'INVOICE_NOT_PAYABLE', `Only due, failed or overdue invoices can be paid; this one is ${status}.`);
export const invoiceNotVoidable = (status: InvoiceStatus) =>
  new AppError(409, 'INVOICE_NOT_VOIDABLE', `Only unpaid invoices can be voided; this one is ${status}.`);

/** `INV-000001`: six digits, more once the platform has issued a million. */
export const formatInvoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

/** Unpaid as stored: what collection, Pay now, voiding and the payment-method rule look at. */
export const unpaidStatuses = ['due', 'failed'] as const;
export const isUnpaid = (row: Pick<InvoiceRow, 'status'>) => row.status === 'due' || row.status === 'failed';

/** `overdue` is never stored: an unpaid invoice reads so once its due date has passed (by the app clock). */
export function statusAt(row: Pick<InvoiceRow, 'status' | 'dueAt'>, now: Date): InvoiceStatus {
  return isUnpaid(row) && row.dueAt.getTime() < now.getTime() ? 'overdue' : row.status;
}

export function toInvoice(row: InvoiceRow, now: Date): Invoice {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    status: statusAt(row, now),
    currency: row.currency,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    subtotal: row.subtotal,
    tax: row.tax,
    taxRateBps: row.taxRateBps,
    total: row.total,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    lineCount: row.lineCount,
    company: row.company,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

/** One of the project's invoices (locked FOR UPDATE when asked); another project's is not found. */
export async function findInvoice(db: Executor, projectId: string, id: string, lock = false): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.projectId, projectId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw invoiceNotFound();
  return row;
}

/** The condition a status filter means at the placeholder `now` (stored statuses plus the read-only `overdue`). */
function statusCondition(status: InvoiceStatus): SQL | undefined {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  switch (status) {
    case 'overdue':
      return and(inArray(invoices.status, [...unpaidStatuses]), lt(invoices.dueAt, now));
    case 'due':
    case 'failed':
      return and(eq(invoices.status, status), gte(invoices.dueAt, now));
    case 'paid':
    case 'void':
      return eq(invoices.status, status);
  }
}

export interface InvoiceFilter {
  pageToken?: string | undefined;
  pageSize: number;
  search?: string | undefined;
  summary?: string | undefined;
  status?: InvoiceStatus | undefined;
  type?: InvoiceType | undefined;
  charge?: string | undefined;
  sourceReference?: string | undefined;
}

type InvoicePageShape = {
  after: boolean;
  search: boolean;
  status: InvoiceStatus | undefined;
  type: boolean;
  charge: boolean;
  sourceReference: boolean;
  /** A summary's period: issued within [periodStart, periodEnd). */
  period: boolean;
};

/** Newest first, paged by keyset on (issuedAt, id): one index range on (project, issued_at, id) whatever the page. */
const invoicesPage = preparedShapes('invoices_page', (db: Executor, shape: InvoicePageShape, name) => {
  const projectId = sql.placeholder('projectId');
  // Lines are looked up within the project too: another project's transaction finds nothing.
  const linesOf = (condition: SQL) =>
    db
      .select({ id: transactions.invoiceId })
      .from(transactions)
      .where(and(eq(transactions.projectId, projectId), isNotNull(transactions.invoiceId), condition));
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        shape.after ? olderThanPlaceholders(invoices.issuedAt, invoices.id) : undefined,
        shape.search ? ilike(invoices.number, sql.placeholder('pattern')) : undefined,
        shape.status ? statusCondition(shape.status) : undefined,
        shape.type ? eq(invoices.type, sql.placeholder('type')) : undefined,
        shape.charge ? inArray(invoices.id, linesOf(eq(transactions.id, sql.placeholder('charge')))) : undefined,
        shape.sourceReference
          ? inArray(invoices.id, linesOf(eq(transactions.sourceReference, sql.placeholder('sourceReference'))))
          : undefined,
        shape.period
          ? and(
              gte(invoices.issuedAt, sql`${sql.placeholder('periodStart')}::timestamptz`),
              lt(invoices.issuedAt, sql`${sql.placeholder('periodEnd')}::timestamptz`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
});

export async function listInvoices(db: Executor, projectId: string, filter: InvoiceFilter, now: Date) {
  // A page token the server did not issue is refused before anything is looked up.
  const after = afterToken(filter.pageToken);
  let period: { periodStart: string; periodEnd: string } | undefined;
  if (filter.summary) {
    const [summary] = await db
      .select({ periodStart: summaries.periodStart, periodEnd: summaries.periodEnd })
      .from(summaries)
      .where(and(eq(summaries.id, filter.summary), eq(summaries.projectId, projectId)));
    // Another project's (or no) summary has no period here: nothing matches, as for an unknown charge.
    if (!summary) return { items: [], nextPageToken: null };
    period = { periodStart: summary.periodStart.toISOString(), periodEnd: summary.periodEnd.toISOString() };
  }
  const shape: InvoicePageShape = {
    after: after.afterAt !== undefined,
    search: Boolean(filter.search),
    status: filter.status,
    type: Boolean(filter.type),
    charge: Boolean(filter.charge),
    sourceReference: Boolean(filter.sourceReference),
    period: period !== undefined,
  };
  const rows = await invoicesPage(db, shape, {
    projectId,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    now: now.toISOString(),
    type: filter.type,
    charge: filter.charge,
    sourceReference: filter.sourceReference,
    limit: filter.pageSize + 1,
    ...after,
    ...period,
  });
  return timePage(
    rows,
    filter.pageSize,
    (r) => r.issuedAt,
    (r) => toInvoice(r, now),
  );
}

export function toInvoicePaymentAttempt(row: typeof paymentAttempts.$inferSelect): InvoicePaymentAttempt {
  return { ...toPaymentAttempt(row), invoiceId: row.invoiceId! };
}

/** An invoice's collection attempts, newest first, paged by keyset on (createdAt, id). */
export async function listInvoicePaymentAttempts(
  db: Executor,
  projectId: string,
  invoiceId: string,
  paging: { pageToken?: string | undefined; pageSize: number },
) {
  // A page token the server did not issue is refused before anything is looked up.
  const after = olderThanToken(paymentAttempts.createdAt, paymentAttempts.id, paging.pageToken);
  await findInvoice(db, projectId, invoiceId);
  const which = and(eq(paymentAttempts.projectId, projectId), eq(paymentAttempts.invoiceId, invoiceId), after);
  return pageOfAttempts(db, which, { pageSize: paging.pageSize }, toInvoicePaymentAttempt);
}

/**
 * Platform administrators cancel an unpaid invoice. Its lines stay on it (an issued invoice never
 * changes its lines): voiding says the amount will not be collected, it does not re-bill them.
 */
export async function voidInvoice(tx: Executor, projectId: string, id: string, reason: string, now: Date) {
  const row = await findInvoice(tx, projectId, id, true);
  if (!isUnpaid(row)) throw invoiceNotVoidable(statusAt(row, now));
  const [voided] = await tx
    .update(invoices)
    .set({ status: 'void', voidedAt: now, voidReason: reason, nextAttemptAt: null })
    .where(eq(invoices.id, id))
    .returning();
  return voided!;
}

/** Whether the project has unpaid invoices (due, failed or overdue). */
export async function hasUnpaidInvoices(db: Executor, projectId: string, overdueAt?: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        inArray(invoices.status, [...unpaidStatuses]),
        overdueAt ? lt(invoices.dueAt, overdueAt) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The platform's next invoice number. Its counter row is locked (FOR UPDATE) until the invoice's
 * transaction ends: invoices of one platform take their numbers one after another, and a
 * transaction that rolls back gives its number back, so numbers have no gaps. Callers take it as
 * late as they can, to hold the lock briefly.
 */
export async function nextInvoiceSequence(tx: Executor, platformId: string): Promise<number> {
  await tx.insert(invoiceCounters).values({ platformId, lastNumber: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select()
    .from(invoiceCounters)
    .where(eq(invoiceCounters.platformId, platformId))
    .for('update');
  const sequence = counter!.lastNumber + 1;
  await tx.update(invoiceCounters).set({ lastNumber: sequence }).where(eq(invoiceCounters.platformId, platformId));
  return sequence;
}

export interface IssueRequest {
  type: InvoiceType;
  periodStart: Date;
  periodEnd: Date;
  /** Entries confirmed before this are billed. */
  confirmedBefore: Date;
}

/**
 * Issues the project's invoice for a period, in the caller's transaction (one per project), or
 * answers null when there is nothing to bill (or the period's invoice exists already).
 *
 * Locks in the ledger's order — the account (FOR SHARE), the wallet (FOR UPDATE) — then the
 * platform's invoice counter last. Holding the wallet makes a concurrent run of the same period wait
 * here and then find this invoice, and keeps the set of unbilled entries still while they are
 * gathered (every ledger write locks the wallet). The lines are the account currency's confirmed,
 * unbilled entries but payments (money in is not billed); the plan fee and the tax are booked as
 * lines of their own. What the prepaid wallet could not cover is the amount due.
 */
export async function issueInvoice(
  tx: Executor,
  projectId: string,
  request: IssueRequest,
  now: Date,
): Promise<InvoiceRow | null> {
  const [account] = await tx
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.projectId, projectId))
    .for('share');
  if (!account?.company) return null;
  // The project's platform and plan (the plan is still the project's `planCode`, account.ts).
  const project = await findProjectBillingFacts(tx, projectId);
  if (!project) return null;
  const wallet = await lockWallet(tx, projectId, account.currency, now);
  if (request.type === 'period') {
    const [issued] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.projectId, projectId),
          eq(invoices.type, 'period'),
          eq(invoices.periodStart, request.periodStart),
        ),
      );
    if (issued) return null;
  }

  const fee = await bookPlanFee(tx, projectId, wallet.id, account.currency, project.planCode, request.periodStart, now);
  // The partial index billing_transactions_uninvoiced_idx holds exactly these rows.
  const gathered = await tx
    .select({ id: transactions.id, amount: transactions.amount })
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, projectId),
        isNull(transactions.invoiceId),
        eq(transactions.status, 'confirmed'),
        lt(transactions.confirmedAt, request.confirmedBefore),
        eq(transactions.walletId, wallet.id),
        ne(transactions.type, 'payment'),
      ),
    );
  const lines = new Map(gathered.map((l) => [l.id, l.amount]));
  if (fee) lines.set(fee.id, fee.amount);
  if (lines.size === 0) return null;

  const subtotal = -[...lines.values()].reduce((sum, amount) => sum + amount, 0);
  const rateBps = taxRateBps(account.company.address.country);
  const tax = taxOn(subtotal, rateBps);
  const sequence = await nextInvoiceSequence(tx, project.platformId);
  const number = formatInvoiceNumber(sequence);
  if (tax > 0) {
    const taxLine = await bookSystemEntry(
      tx,
      projectId,
      wallet.id,
      { type: 'charge', amount: -tax, sourceReference: `tax:${number}`, description: taxLabel(rateBps) },
      now,
    );
    lines.set(taxLine.id, taxLine.amount);
  }
  const [{ balance }] = (await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, wallet.id))) as [{ balance: number }];
  const total = subtotal + tax;
  // The part the wallet could not cover; a credit (negative total) owes nothing.
  const amountDue = Math.max(0, Math.min(total, -balance));
  const id = randomUUID();
  const [row] = await tx
    .insert(invoices)
    .values({
      id,
      projectId,
      platformId: project.platformId,
      sequence,
      number,
      type: request.type,
      status: amountDue === 0 ? 'paid' : 'due',
      currency: account.currency,
      periodStart: request.periodStart,
      periodEnd: request.periodEnd,
      subtotal,
      tax,
      taxRateBps: rateBps,
      total,
      amountDue,
      // What is settled so far: the part the wallet covered.
      amountPaid: Math.max(0, total) - amountDue,
      lineCount: lines.size,
      company: account.company,
      issuedAt: now,
      dueAt: new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS),
      paidAt: amountDue === 0 ? now : null,
      // Collected at once; the retry schedule (invoice-payments.ts) takes over if that fails.
      nextAttemptAt: amountDue === 0 ? null : now,
    })
    .returning();
  await tx
    .update(transactions)
    .set({ invoiceId: id })
    .where(and(eq(transactions.projectId, projectId), inArray(transactions.id, [...lines.keys()])));
  return row!;
}

/** Invoices whose next collection attempt is due, oldest first (the partial index billing_invoices_retry_idx). */
export async function invoicesToCollect(db: Executor, now: Date, limit: number, after?: { at: Date; id: string }) {
  return db
    .select({ id: invoices.id, projectId: invoices.projectId, nextAttemptAt: invoices.nextAttemptAt })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.nextAttemptAt),
        sql`${invoices.nextAttemptAt} <= ${now.toISOString()}::timestamptz`,
        after
          ? or(
              sql`${invoices.nextAttemptAt} > ${after.at.toISOString()}::timestamptz`,
              and(eq(invoices.nextAttemptAt, after.at), sql`${invoices.id} > ${after.id}::uuid`),
            )
          : undefined,
      ),
    )
    .orderBy(invoices.nextAttemptAt, invoices.id)
    .limit(limit);
}
