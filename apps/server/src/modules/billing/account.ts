import type {
  BillingFlag,
  BillingProject,
  CompanyDetails,
  PaymentVendor,
  Project,
  UpdateBillingProjectRequest,
} from '@wharf/contract';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { projectBillingFacts } from '../projects/read-models.js';
import { companyNotFound, currencyLocked } from './errors.js';
import { accountFlags } from './flags.js';
import { changePlan } from './plan-change.js';
import { planCatalogue, planSummary } from './plans.js';
import { billingAccounts, invoices, paymentMethods, transactions, wallets } from './schema.js';

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
  const project = await projectBillingFacts(db, projectId);
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.projectId, projectId));
  return {
    projectId,
    company: row?.company ?? null,
    currency: row?.currency ?? project.currency ?? DEFAULT_CURRENCY,
    creditLimit: row?.creditLimit ?? 0,
    autoPay: row?.autoPay ?? false,
    planCode: project.planCode,
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

/**
 * Company details, auto-pay, the currency while nothing has been booked in the old one, and the
 * plan (prorated through the ledger, plan-change.ts). Company details are written first, so that a
 * request setting them and a paid plan together bills the plan change.
 */
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
  if (changes.plan !== undefined) await changePlan(tx, projectId, changes.plan, now);
}

/** Platform administrators only (the operation's access says so). */
export async function setCreditLimit(tx: Executor, projectId: string, creditLimit: number, now: Date): Promise<void> {
  await lockAccountRow(tx, projectId, now);
  await tx.update(billingAccounts).set({ creditLimit, updatedAt: now }).where(eq(billingAccounts.projectId, projectId));
}

const isPaidPlan = (code: string) => !(planCatalogue.find((p) => p.code === code)?.demo ?? code === DEMO_PLAN);

interface FlagInput {
  projectId: string;
  company: CompanyDetails | null;
  currency: string;
  creditLimit: number;
  planCode: string;
}

/**
 * The account alerts of several projects in three queries whatever their number (the project
 * list shows every project's alerts): the wallets in each account's currency, the default cards,
 * and which projects have overdue invoices.
 */
async function flagsFor(db: Executor, inputs: FlagInput[], now: Date): Promise<Map<string, BillingFlag[]>> {
  const ids = inputs.map((i) => i.projectId);
  if (ids.length === 0) return new Map();
  const walletRows = await db
    .select({ projectId: wallets.projectId, currency: wallets.currency, balance: wallets.balance, held: wallets.held })
    .from(wallets)
    .where(inArray(wallets.projectId, ids));
  const cards = await db
    .select({ projectId: paymentMethods.projectId, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear })
    .from(paymentMethods)
    .where(
      and(inArray(paymentMethods.projectId, ids), eq(paymentMethods.isDefault, true), isNull(paymentMethods.removedAt)),
    );
  const overdue = await db
    .selectDistinct({ projectId: invoices.projectId })
    .from(invoices)
    .where(and(inArray(invoices.projectId, ids), inArray(invoices.status, ['due', 'failed']), lt(invoices.dueAt, now)));
  const overdueIds = new Set(overdue.map((o) => o.projectId));
  return new Map(
    inputs.map((input) => {
      const wallet = walletRows.find((w) => w.projectId === input.projectId && w.currency === input.currency);
      const card = cards.find((c) => c.projectId === input.projectId);
      const flags = accountFlags({
        balance: wallet?.balance ?? 0,
        held: wallet?.held ?? 0,
        creditLimit: input.creditLimit,
        paymentMethods: {
          required: input.company !== null && isPaidPlan(input.planCode),
          defaultCard: card ? { expMonth: card.expMonth, expYear: card.expYear } : null,
          now,
        },
        overdueInvoices: overdueIds.has(input.projectId),
      });
      return [input.projectId, flags];
    }),
  );
}

/**
 * The projects with their `billing.flags` filled (SPEC.md section 3: a project's billing data has its
 * plan code and alerts). One query for the accounts plus `flagsFor`'s three, for any number of projects.
 */
export async function withBillingFlags(db: Executor, list: Project[], now: Date): Promise<Project[]> {
  if (list.length === 0) return list;
  const rows = await db
    .select()
    .from(billingAccounts)
    .where(
      inArray(
        billingAccounts.projectId,
        list.map((p) => p.id),
      ),
    );
  const flags = await flagsFor(
    db,
    list.map((project) => {
      const row = rows.find((r) => r.projectId === project.id);
      return {
        projectId: project.id,
        company: row?.company ?? null,
        currency: row?.currency ?? project.settings.currency ?? DEFAULT_CURRENCY,
        creditLimit: row?.creditLimit ?? 0,
        planCode: project.billing.plan.code,
      };
    }),
    now,
  );
  return list.map((p) => ({ ...p, billing: { ...p.billing, flags: flags.get(p.id) ?? [] } }));
}

/** SPEC.md section 3's billing project, with its account alerts computed from the state at `now` (the app clock). */
export async function billingProject(
  db: Executor,
  projectId: string,
  now: Date,
  paymentVendor: PaymentVendor,
): Promise<BillingProject> {
  const account = await loadAccount(db, projectId);
  const flags = await flagsFor(db, [account], now);
  return {
    projectId,
    company: account.company,
    currency: account.currency,
    plan: planSummary(account.planCode),
    creditLimit: account.creditLimit,
    autoPay: account.autoPay,
    paymentVendor,
    flags: flags.get(projectId) ?? [],
  };
}
