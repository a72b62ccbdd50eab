import type { BillingProject, CompanyDetails, PaymentVendor, UpdateBillingProjectRequest } from '@wharf/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { loadProject } from '../projects/handlers.js';
import { companyNotFound, currencyLocked } from './errors.js';
import { accountFlags } from './flags.js';
import { planCatalogue, planSummary } from './plans.js';
import { billingAccounts, paymentMethods, transactions, wallets } from './schema.js';

/** SPEC.md: the demo plan's code. */
const DEMO_PLAN = 'demo';

/** A project with no currency of its own is billed in this one. */
export const DEFAULT_CURRENCY = 'EUR';

export interface Account {
  projectId: string;
  company: CompanyDetails | null;
  currency: string;
  creditLimit: number;
  autoPay: boolean;
  planCode: string;
}

/**
 * A project's billing settings. Without a row (nothing was ever set) they are the defaults: no
 * company, the project's currency, no credit. The plan is still the project's own `planCode`: the
 * plan picker (a later step) moves it here. Unknown projects are 404.
 */
export async function loadAccount(db: Executor, projectId: string): Promise<Account> {
  const project = await loadProject(db, projectId);
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.projectId, projectId));
  return {
    projectId,
    company: row?.company ?? null,
    currency: row?.currency ?? project.settings.currency ?? DEFAULT_CURRENCY,
    creditLimit: row?.creditLimit ?? 0,
    autoPay: row?.autoPay ?? false,
    planCode: project.billing.plan.code,
  };
}

/** The credit a wallet may use: the account's limit applies to its own currency only. */
export function creditLimitFor(account: Pick<Account, 'currency' | 'creditLimit'>, currency: string): number {
  return account.currency === currency ? account.creditLimit : 0;
}

/**
 * For ledger writes: the account, held (FOR SHARE) until the transaction ends so that its currency
 * and credit limit cannot change underneath; refused until the company details are set.
 */
export async function accountForLedger(
  tx: Executor,
  projectId: string,
): Promise<Pick<Account, 'currency' | 'creditLimit'>> {
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.projectId, projectId)).for('share');
  if (!row?.company) throw companyNotFound();
  return { currency: row.currency, creditLimit: row.creditLimit };
}

/** Writes the account row with the defaults if there is none, and locks it for the change. */
async function lockAccountRow(tx: Executor, projectId: string, now: Date) {
  const defaults = await loadAccount(tx, projectId);
  await tx
    .insert(billingAccounts)
    .values({ projectId, currency: defaults.currency, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.projectId, projectId)).for('update');
  return row!;
}

/** Company details, auto-pay, and the currency while nothing has been booked in the old one. */
export async function updateAccount(
  tx: Executor,
  projectId: string,
  changes: UpdateBillingProjectRequest,
  now: Date,
): Promise<void> {
  const row = await lockAccountRow(tx, projectId, now);
  if (changes.currency && changes.currency !== row.currency) {
    const [booked] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.projectId, projectId))
      .limit(1);
    if (booked) throw currencyLocked();
  }
  await tx
    .update(billingAccounts)
    .set({
      ...(changes.company ? { company: changes.company } : {}),
      ...(changes.currency ? { currency: changes.currency } : {}),
      ...(changes.autoPay === undefined ? {} : { autoPay: changes.autoPay }),
      updatedAt: now,
    })
    .where(eq(billingAccounts.projectId, projectId));
}

/** Platform administrators only (the operation's access says so). */
export async function setCreditLimit(tx: Executor, projectId: string, creditLimit: number, now: Date): Promise<void> {
  await lockAccountRow(tx, projectId, now);
  await tx.update(billingAccounts).set({ creditLimit, updatedAt: now }).where(eq(billingAccounts.projectId, projectId));
}

/** SPEC.md section 3's billing project, with its account alerts computed from the state at `now` (the app clock). */
export async function billingProject(
  db: Executor,
  projectId: string,
  now: Date,
  paymentVendor: PaymentVendor,
): Promise<BillingProject> {
  const account = await loadAccount(db, projectId);
  const [wallet] = await db
    .select({ balance: wallets.balance, held: wallets.held })
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.currency, account.currency)));
  const [card] = await db
    .select({ expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.projectId, projectId),
        eq(paymentMethods.isDefault, true),
        isNull(paymentMethods.removedAt),
      ),
    );
  const paid = !(planCatalogue.find((p) => p.code === account.planCode)?.demo ?? account.planCode === DEMO_PLAN);
  return {
    projectId,
    company: account.company,
    currency: account.currency,
    plan: planSummary(account.planCode),
    creditLimit: account.creditLimit,
    autoPay: account.autoPay,
    paymentVendor,
    flags: accountFlags({
      balance: wallet?.balance ?? 0,
      held: wallet?.held ?? 0,
      creditLimit: account.creditLimit,
      paymentMethods: { required: account.company !== null && paid, defaultCard: card ?? null, now },
    }),
  };
}
