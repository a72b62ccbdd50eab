import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { projectPlanCode, setProjectPlan } from '../projects/read-models.js';
import {
  bookSystemEntry,
  daysInMonth,
  monthLabel,
  monthlyPrice,
  monthStart,
  planChangeReference,
} from './invoices/invoice-lines.js';
import { issueInvoice, type InvoiceRow } from './invoices/invoices.js';
import { planCatalogue } from './plans.js';
import { billingAccounts } from './schema.js';
import { lockWallet } from './ledger/wallets.js';

export const planNotFound = (code: string) =>
  new AppError(400, 'PLAN_NOT_FOUND', `There is no plan ${code}.`, [
    { path: 'body.plan', message: 'Choose a plan from the list.' },
  ]);

/**
 * Days of the month left for the new plan, the day of the change included: a change on the 16th of
 * a 31-day month leaves 16 days. Proration is by whole days, in UTC like the invoice periods.
 */
export function daysLeftInMonth(at: Date): { left: number; days: number } {
  const days = daysInMonth(at);
  return { left: days - (at.getUTCDate() - 1), days };
}

/** A monthly amount's share for `left` of `days` days, in minor units (rounded half up). */
export const prorate = (monthly: number, left: number, days: number) => Math.round((monthly * left) / days);

/**
 * Moves the project to another plan of the catalogue, in the caller's transaction (which holds the
 * billing account FOR UPDATE: two changes of one project take turns). Billed in arrears, a month's
 * plan fee is the plan the month began with (invoice-lines.ts `bookPlanFee`), so a change within
 * the month is settled through the ledger at once: the unused days of the old paid plan credited,
 * the days left of the new paid plan charged (both under `plan-change:{from}->{to}:{date}`, which
 * is also how the run learns the plan the month began with). Leaving a paid plan for the demo plan
 * issues the final invoice at once, for everything not invoiced yet. Without company details
 * billing is not in use: only the plan changes.
 */
export async function changePlan(
  tx: Executor,
  projectId: string,
  to: string,
  now: Date,
): Promise<{ from: string; to: string; finalInvoice: InvoiceRow | null }> {
  const target = planCatalogue.find((p) => p.code === to);
  if (!target) throw planNotFound(to);
  // Read again under the caller's lock: the plan it read before may be stale.
  const from = (await projectPlanCode(tx, projectId))!;
  if (from === to) return { from, to, finalInvoice: null };

  const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.projectId, projectId));
  const billed = account?.company ? account : null;
  if (billed) {
    const wallet = await lockWallet(tx, projectId, billed.currency, now);
    const { left, days } = daysLeftInMonth(now);
    const sourceReference = planChangeReference(from, to, now);
    const month = monthLabel(now);
    const old = monthlyPrice(from, billed.currency);
    const credit = old ? prorate(old.amount, left, days) : 0;
    if (old && credit > 0) {
      await bookSystemEntry(
        tx,
        projectId,
        wallet.id,
        {
          type: 'credit',
          amount: credit,
          sourceReference,
          description: `${old.name} plan — ${left} unused of ${days} days of ${month}`,
        },
        now,
      );
    }
    const next = monthlyPrice(to, billed.currency);
    const charge = next ? prorate(next.amount, left, days) : 0;
    if (next && charge > 0) {
      await bookSystemEntry(
        tx,
        projectId,
        wallet.id,
        {
          type: 'charge',
          amount: -charge,
          sourceReference,
          description: `${next.name} plan — ${left} of ${days} days of ${month}`,
        },
        now,
      );
    }
  }
  // The plan is still the project's own column (account.ts `loadAccount`): the projects module
  // writes it for billing, which owns the plan.
  await setProjectPlan(tx, projectId, to, now);

  const leavesPaidPlan = monthlyPrice(from, billed?.currency ?? '') !== null && target.demo;
  const finalInvoice =
    billed && leavesPaidPlan
      ? await issueInvoice(
          tx,
          projectId,
          // Everything confirmed up to this moment, this transaction's own entries included.
          { type: 'final', periodStart: monthStart(now), periodEnd: now, confirmedBefore: new Date(now.getTime() + 1) },
          now,
        )
      : null;
  return { from, to, finalInvoice };
}
