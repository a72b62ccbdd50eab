import type { CreateSummaryRequest, Summary } from '@wharf/contract';
import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import { containsPattern, olderThanToken, timePage } from '../../../core/pagination.js';
import { loadAccount } from '../account.js';
import { summaries, transactions, wallets } from '../schema.js';

export type SummaryRow = typeof summaries.$inferSelect;

export const summaryNotFound = () => new AppError(404, 'SUMMARY_NOT_FOUND', 'Summary not found');

export function toSummary(row: SummaryRow): Summary {
  return {
    id: row.id,
    currency: row.currency,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    openingBalance: row.openingBalance,
    charges: row.charges,
    credits: row.credits,
    payments: row.payments,
    refunds: row.refunds,
    adjustments: row.adjustments,
    closingBalance: row.closingBalance,
    transactionCount: row.transactionCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const sumOf = (condition: SQL) =>
  sql<number>`coalesce(sum(${transactions.amount}) filter (where ${condition}), 0)::bigint`.mapWith(Number);

/**
 * A statement of the wallet in `currency` (the account's by default) over [periodStart, periodEnd),
 * from the confirmed entries by when they were confirmed — when they moved the balance. One
 * aggregate statement reads it all, so opening balance and movements come from the same snapshot
 * even while entries are being booked. A period that has not ended would change after the fact,
 * so it is refused.
 */
export async function createSummary(
  tx: Executor,
  projectId: string,
  request: CreateSummaryRequest,
  now: Date,
): Promise<Summary> {
  const account = await loadAccount(tx, projectId);
  const periodStart = new Date(request.periodStart);
  const periodEnd = new Date(request.periodEnd);
  if (periodEnd.getTime() > now.getTime()) {
    throw new AppError(
      400,
      'SUMMARY_PERIOD_NOT_ENDED',
      'The period has not ended yet. Choose a period that ends today or earlier.',
      [{ path: 'body.periodEnd', message: 'Choose an end that is not in the future.' }],
    );
  }
  const currency = request.currency ?? account.currency;
  const [wallet] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.currency, currency)));

  const at = transactions.confirmedAt;
  const within = sql`${at} >= ${periodStart.toISOString()}::timestamptz and ${at} < ${periodEnd.toISOString()}::timestamptz`;
  const ofType = (type: string) => sql`${within} and ${transactions.type} = ${type}`;
  // A wallet never used in this currency has nothing to sum: a statement of zeros.
  const [totals] = wallet
    ? await tx
        .select({
          opening: sumOf(sql`${at} < ${periodStart.toISOString()}::timestamptz`),
          charges: sumOf(ofType('charge')),
          credits: sumOf(ofType('credit')),
          payments: sumOf(ofType('payment')),
          refunds: sumOf(ofType('refund')),
          adjustments: sumOf(ofType('adjustment')),
          count: sql<number>`count(*) filter (where ${within})`.mapWith(Number),
        })
        .from(transactions)
        .where(and(eq(transactions.walletId, wallet.id), eq(transactions.status, 'confirmed'), lt(at, periodEnd)))
    : [];
  const t = totals ?? { opening: 0, charges: 0, credits: 0, payments: 0, refunds: 0, adjustments: 0, count: 0 };
  const [row] = await tx
    .insert(summaries)
    .values({
      projectId,
      walletId: wallet?.id ?? null,
      currency,
      periodStart,
      periodEnd,
      openingBalance: t.opening,
      charges: t.charges,
      credits: t.credits,
      payments: t.payments,
      refunds: t.refunds,
      adjustments: t.adjustments,
      closingBalance: t.opening + t.charges + t.credits + t.payments + t.refunds + t.adjustments,
      transactionCount: t.count,
      createdAt: now,
    })
    .returning();
  return toSummary(row!);
}

/** One of the project's statements; another project's is not found (its id says nothing). */
export async function findSummary(db: Executor, projectId: string, id: string): Promise<SummaryRow> {
  const [row] = await db
    .select()
    .from(summaries)
    .where(and(eq(summaries.id, id), eq(summaries.projectId, projectId)));
  if (!row) throw summaryNotFound();
  return row;
}

export async function deleteSummary(tx: Executor, projectId: string, id: string): Promise<SummaryRow> {
  const [row] = await tx
    .delete(summaries)
    .where(and(eq(summaries.id, id), eq(summaries.projectId, projectId)))
    .returning();
  if (!row) throw summaryNotFound();
  return row;
}

/** Newest first, keyset-paged on (createdAt, id); `search` matches the period's month (`2026-10`) or the currency. */
export async function listSummaries(
  db: Executor,
  projectId: string,
  query: { pageToken?: string | undefined; pageSize: number; search?: string | undefined },
) {
  await loadAccount(db, projectId);
  const conditions: (SQL | undefined)[] = [eq(summaries.projectId, projectId)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(sql`to_char(${summaries.periodStart} at time zone 'UTC', 'YYYY-MM')`, pattern),
        ilike(summaries.currency, pattern),
      ),
    );
  }
  conditions.push(olderThanToken(summaries.createdAt, summaries.id, query.pageToken));
  const rows = await db
    .select()
    .from(summaries)
    .where(and(...conditions))
    .orderBy(desc(summaries.createdAt), desc(summaries.id))
    .limit(query.pageSize + 1);
  return timePage(rows, query.pageSize, (r) => r.createdAt, toSummary);
}
