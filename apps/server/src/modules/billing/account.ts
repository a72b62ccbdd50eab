import type {
  BillingFlag,
  BillingProject,
  CompanyDetails,
  PaymentVendor,
  Project,
  UpdateBillingProjectRequest,
} from '@wharf/contract';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { preparedQuery } from '../../core/db/prepared.js';
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

/** A project whose alerts are wanted, and the currency it is billed in when its account sets none. */
interface Listed {
  projectId: string;
  currency: string;
  planCode: string;
}

/** What the alerts are computed from, per project: the statement is built once per database handle. */
const accountStates = preparedQuery((db: Executor) => {
  const source = sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('currencies')}::text[]) as listed(project_id, currency)`;
  const projectId = sql<string>`listed.project_id`;
  const currency = sql<string>`coalesce(${billingAccounts.currency}, listed.currency)`;
  const overdue = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.projectId, projectId),
        inArray(invoices.status, ['due', 'failed']),
        lt(invoices.dueAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    );
  return db
    .select({
      projectId,
      company: billingAccounts.company,
      creditLimit: billingAccounts.creditLimit,
      balance: wallets.balance,
      held: wallets.held,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      overdue: sql<boolean>`exists (${overdue})`,
    })
    .from(source)
    .leftJoin(billingAccounts, eq(billingAccounts.projectId, projectId))
    .leftJoin(wallets, and(eq(wallets.projectId, projectId), eq(wallets.currency, currency)))
    .leftJoin(
      paymentMethods,
      and(
        eq(paymentMethods.projectId, projectId),
        eq(paymentMethods.isDefault, true),
        isNull(paymentMethods.removedAt),
      ),
    )
    .prepare('billing_account_states');
});

/**
 * The account alerts of several projects in one statement whatever their number (the project list
 * shows every project's alerts): each project's account, its wallet in the account's currency, its
 * default card (at most one: a unique index) and whether an unpaid invoice is overdue. The ids go
 * as one array parameter, so the statement's text, and its prepared plan, is the same for any count.
 */
async function flagsFor(db: Executor, listed: Listed[], now: Date): Promise<Map<string, BillingFlag[]>> {
  if (listed.length === 0) return new Map();
  const rows = await accountStates(db, {
    ids: listed.map((l) => l.projectId),
    currencies: listed.map((l) => l.currency),
    // A placeholder skips the column's encoder: the time goes as PostgreSQL's text.
    now: now.toISOString(),
  });
  const planOf = new Map(listed.map((l) => [l.projectId, l.planCode]));
  return new Map(
    rows.map((row) => {
      const flags = accountFlags({
        balance: row.balance ?? 0,
        held: row.held ?? 0,
        creditLimit: row.creditLimit ?? 0,
        paymentMethods: {
          required: (row.company ?? null) !== null && isPaidPlan(planOf.get(row.projectId)!),
          defaultCard:
            row.expMonth !== null && row.expYear !== null ? { expMonth: row.expMonth, expYear: row.expYear } : null,
          now,
        },
        overdueInvoices: row.overdue,
      });
      return [row.projectId, flags];
    }),
  );
}

/**
 * The projects with their `billing.flags` filled (SPEC.md section 3: a project's billing data has its
 * plan code and alerts), in one statement for any number of projects.
 */
export async function withBillingFlags(db: Executor, list: Project[], now: Date): Promise<Project[]> {
  if (list.length === 0) return list;
  const flags = await flagsFor(
    db,
    list.map((project) => ({
      projectId: project.id,
      currency: project.settings.currency ?? DEFAULT_CURRENCY,
      planCode: project.billing.plan.code,
    })),
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
