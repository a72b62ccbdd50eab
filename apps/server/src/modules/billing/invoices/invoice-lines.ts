import { and, asc, eq, gte, like } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { BILLING } from '../ledger/ledger.js';
import { planCatalogue } from '../plans.js';
import { transactions, wallets } from '../schema.js';
import { book, type NewEntry } from '../ledger/transactions.js';

/**
 * The lines billing itself books: plan fees, prorations and tax. They all go through the ledger
 * (`book`) like any other entry, on the wallet the caller has already locked, under the
 * integration 'billing'.
 */
export const BILLING_INTEGRATION = 'billing';
const DAY_MS = 24 * 60 * 60 * 1000;

export const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
export const addMonths = (date: Date, months: number) =>
  new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
export const daysInMonth = (date: Date) =>
  (addMonths(monthStart(date), 1).getTime() - monthStart(date).getTime()) / DAY_MS;
/** 'October 2026' (UTC). */
export const monthLabel = (date: Date) =>
  date.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-10' (UTC). */
export const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/**
 * A charge (or credit) billing books for itself. It is owed whatever the credit limit says — a plan
 * fee or tax cannot be refused — so it is booked past the limit; the account alerts then show it
 * (credit_limit_exceeded). The wallet row is read afresh because an earlier line of the same
 * transaction has moved its balance (the caller holds its lock).
 */
export async function bookSystemEntry(
  tx: Executor,
  projectId: string,
  walletId: string,
  entry: Omit<NewEntry, 'confirm' | 'integration'>,
  now: Date,
) {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
  return book(
    tx,
    projectId,
    wallet!,
    Number.POSITIVE_INFINITY,
    { ...entry, confirm: true, integration: BILLING_INTEGRATION },
    now,
    BILLING,
  );
}

export const planChangeReference = (from: string, to: string, at: Date) =>
  `plan-change:${from}->${to}:${at.toISOString().slice(0, 10)}`;
const planChangePattern = /^plan-change:(.+)->(.+):\d{4}-\d{2}-\d{2}$/;

/**
 * The plan a project was on when a month began. The plan lives on the project alone (no history
 * table), but every change since leaves its proration entries, whose source reference names the
 * plans: the earliest change from the month's start on says what the plan was before it. No change
 * since: the current plan.
 */
export async function planAtMonthStart(
  tx: Executor,
  projectId: string,
  month: Date,
  currentPlan: string,
): Promise<string> {
  const [first] = await tx
    .select({ sourceReference: transactions.sourceReference })
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, projectId),
        eq(transactions.integration, BILLING_INTEGRATION),
        like(transactions.sourceReference, 'plan-change:%'),
        gte(transactions.createdAt, monthStart(month)),
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(1);
  return (first && planChangePattern.exec(first.sourceReference)?.[1]) ?? currentPlan;
}

/** A paid plan's monthly price in `currency`; null for the demo plan, unknown plans and currencies it has no price in. */
export function monthlyPrice(planCode: string, currency: string): { name: string; amount: number } | null {
  const plan = planCatalogue.find((p) => p.code === planCode);
  if (!plan || plan.demo) return null;
  const price = plan.prices.find((p) => p.currency === currency);
  return price && price.monthlyAmount > 0 ? { name: plan.name, amount: price.monthlyAmount } : null;
}

/**
 * Books the month's fee of the plan the project was on when the month began (billed in arrears,
 * once: the source reference `plan:{code}:{YYYY-MM}` is looked for first, so a final invoice that
 * already took it and the run after it cannot bill it twice). Changes within the month were
 * prorated when they happened (plan-change.ts). Answers the entry, or null when nothing is owed.
 */
export async function bookPlanFee(
  tx: Executor,
  projectId: string,
  walletId: string,
  currency: string,
  currentPlan: string,
  month: Date,
  now: Date,
) {
  const code = await planAtMonthStart(tx, projectId, month, currentPlan);
  const price = monthlyPrice(code, currency);
  if (!price) return null;
  const sourceReference = `plan:${code}:${monthKey(month)}`;
  const [booked] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, projectId),
        // Booked at the earliest when the month began: keeps the look-up on the (project, created_at) index.
        gte(transactions.createdAt, month),
        eq(transactions.sourceReference, sourceReference),
      ),
    )
    .limit(1);
  if (booked) return null;
  return bookSystemEntry(
    tx,
    projectId,
    walletId,
    {
      type: 'charge',
      amount: -price.amount,
      sourceReference,
      description: `${price.name} plan — ${monthLabel(month)}`,
    },
    now,
  );
}
