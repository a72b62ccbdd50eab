import type { Overview } from '@wharf/contract';
import { and, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { creditLimitFor, loadAccount } from './account.js';
import { available } from './ledger/ledger.js';
import { planCatalogue } from './plans.js';
import { transactions, wallets } from './schema.js';
import { taxOn, taxRateBps } from './tax.js';

/** A calendar month in UTC: [start, end). */
export function monthOf(at: Date, offset = 0): { start: Date; end: Date } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + offset;
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

const MONTHS_SHOWN = 12;

// Spend is what charges cost net of what credits gave back, as a positive number; sums of bigint
// come back as numeric strings, hence the casts and `Number`.
const spend =
  sql<number>`coalesce(-sum(${transactions.amount}) filter (where ${transactions.type} in ('charge', 'credit')), 0)::bigint`.mapWith(
    Number,
  );
const monthKey = sql<string>`to_char(${transactions.confirmedAt} at time zone 'UTC', 'YYYY-MM')`;

/** The plan's monthly fee in `currency`: nothing on the demo plan or a plan not sold in it. */
function planFee(planCode: string, currency: string): number {
  const plan = planCatalogue.find((p) => p.code === planCode);
  if (!plan || plan.demo) return 0;
  return plan.prices.find((p) => p.currency === currency)?.monthlyAmount ?? 0;
}

/**
 * The billing page's overview, for the wallet in the account's currency. Every figure is a SQL
 * aggregate over the confirmed entries (GROUP BY for the series), so the cost does not grow with
 * what a month holds in memory.
 */
export async function getOverview(db: Executor, projectId: string, now: Date): Promise<Overview> {
  const account = await loadAccount(db, projectId);
  const currency = account.currency;
  const period = monthOf(now);
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.currency, currency)));
  const fee = planFee(account.planCode, currency);
  // As the invoice run will bill it: the lines, the plan fee, then the company's country's tax on them.
  const withTax = (subtotal: number) => subtotal + taxOn(subtotal, taxRateBps(account.company?.address.country));
  const months = Array.from({ length: MONTHS_SHOWN }, (_, i) => monthOf(now, i - MONTHS_SHOWN + 1));
  const monthLabel = (m: { start: Date }) => m.start.toISOString().slice(0, 7);

  if (!wallet) {
    return {
      currency,
      balance: 0,
      available: account.creditLimit,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      spendThisPeriod: 0,
      upcomingInvoiceEstimate: withTax(fee),
      spendByIntegration: [],
      months: months.map((m) => ({ month: monthLabel(m), spend: 0, payments: 0 })),
    };
  }

  const confirmed = and(eq(transactions.walletId, wallet.id), eq(transactions.status, 'confirmed'));
  const inPeriod = and(gte(transactions.confirmedAt, period.start), lt(transactions.confirmedAt, period.end));

  const [totals] = await db
    .select({
      spendThisPeriod:
        sql<number>`coalesce(-sum(${transactions.amount}) filter (where ${transactions.type} in ('charge', 'credit') and ${inPeriod}), 0)::bigint`.mapWith(
          Number,
        ),
      // What the next invoice gathers: confirmed entries no invoice has billed, top-ups aside.
      uninvoiced:
        sql<number>`coalesce(-sum(${transactions.amount}) filter (where ${isNull(transactions.invoiceId)} and ${ne(transactions.type, 'payment')}), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(transactions)
    .where(confirmed);

  const byIntegration = await db
    .select({ integration: transactions.integration, amount: spend })
    .from(transactions)
    .where(and(confirmed, inPeriod, inArray(transactions.type, ['charge', 'credit'])))
    .groupBy(transactions.integration)
    .orderBy(desc(spend), transactions.integration);

  const series = await db
    .select({
      month: monthKey,
      spend,
      payments:
        sql<number>`coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'payment'), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(transactions)
    .where(and(confirmed, gte(transactions.confirmedAt, months[0]!.start), lt(transactions.confirmedAt, period.end)))
    .groupBy(sql`1`);
  const seriesByMonth = new Map(series.map((row) => [row.month, row]));

  return {
    currency,
    balance: wallet.balance,
    available: available({
      balance: wallet.balance,
      held: wallet.held,
      creditLimit: creditLimitFor(account, currency),
    }),
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    spendThisPeriod: totals?.spendThisPeriod ?? 0,
    upcomingInvoiceEstimate: withTax((totals?.uninvoiced ?? 0) + fee),
    spendByIntegration: byIntegration.filter((row) => row.amount !== 0),
    // Months with no entries are there as zeros, so a chart never skips one.
    months: months.map((m) => {
      const row = seriesByMonth.get(monthLabel(m));
      return { month: monthLabel(m), spend: row?.spend ?? 0, payments: row?.payments ?? 0 };
    }),
  };
}
