import type {
  CardBrand,
  PaymentMethod,
  PaymentMethodPaymentAttempt,
  PaymentOutcome,
  PaymentVendor,
} from '@wharf/contract';
import { and, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { olderThanToken, timePage } from '../../../core/pagination.js';
import { companyNotFound, lastPaymentMethodInUse, paymentMethodNotFound } from '../errors.js';
import { isExpired, type StoredCard } from '../gateway/gateway.js';
import { hasUnpaidInvoices } from '../invoices/invoices.js';
import { billingAccounts, paymentAttempts, paymentMethods } from '../schema.js';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

export function toPaymentMethod(row: PaymentMethodRow, now: Date): PaymentMethod {
  return {
    id: row.id,
    vendor: row.vendor as PaymentVendor,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
    isDefault: row.isDefault,
    expired: isExpired(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

const live = (projectId: string) => and(eq(paymentMethods.projectId, projectId), isNull(paymentMethods.removedAt));

/**
 * For payment method writes: the company must be set (as for every billing write), and the
 * account row is locked (FOR UPDATE) so that two writes of one project's cards take turns and the
 * "one default" rule never races. Ledger writes hold the same row FOR SHARE, never the cards.
 */
export async function lockPaymentMethods(tx: Executor, projectId: string): Promise<void> {
  const [row] = await tx
    .select({ company: billingAccounts.company })
    .from(billingAccounts)
    .where(eq(billingAccounts.projectId, projectId))
    .for('update');
  if (!row?.company) throw companyNotFound();
}

/** The default first, then the newest. */
export async function listPaymentMethods(db: Executor, projectId: string, now: Date): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(live(projectId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map((row) => toPaymentMethod(row, now));
}

/** One of the project's live payment methods; another project's, or a removed one, is not found. */
export async function findPaymentMethod(db: Executor, projectId: string, id: string): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), live(projectId)));
  if (!row) throw paymentMethodNotFound();
  return row;
}

export async function defaultPaymentMethod(db: Executor, projectId: string): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(live(projectId), eq(paymentMethods.isDefault, true)));
  return row ?? null;
}

/** Stores what the gateway let us keep of a card. The project's first card becomes its default. */
export async function addPaymentMethod(
  tx: Executor,
  projectId: string,
  card: StoredCard & { vendor: PaymentVendor; holderName: string; makeDefault: boolean },
  now: Date,
): Promise<PaymentMethodRow> {
  const current = await defaultPaymentMethod(tx, projectId);
  const isDefault = card.makeDefault || !current;
  if (isDefault && current) {
    await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, current.id));
  }
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      projectId,
      vendor: card.vendor,
      gatewayReference: card.reference,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      isDefault,
      createdAt: now,
    })
    .returning();
  return row!;
}

/** Moves the default to this payment method (call with `lockPaymentMethods` held). */
export async function makeDefault(tx: Executor, projectId: string, id: string): Promise<PaymentMethodRow> {
  const target = await findPaymentMethod(tx, projectId, id);
  if (target.isDefault) return target;
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(live(projectId), eq(paymentMethods.isDefault, true)));
  const [row] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id)).returning();
  return row!;
}

/**
 * Whether the project has invoices waiting to be paid (due, overdue or failed): the removal rule
 * below asks it, so that unpaid invoices always keep a card to be collected from.
 */
export async function hasDueInvoices(db: Executor, projectId: string): Promise<boolean> {
  return hasUnpaidInvoices(db, projectId);
}

/**
 * Removes a payment method (call with `lockPaymentMethods` held). The last one cannot go while
 * invoices are due: they would have nothing to be paid with. Removing the default makes the newest
 * remaining card the default. Removed cards stay on record for their payment attempts.
 */
export async function removePaymentMethod(
  tx: Executor,
  projectId: string,
  id: string,
  now: Date,
  dueInvoices: (db: Executor, projectId: string) => Promise<boolean> = hasDueInvoices,
): Promise<PaymentMethodRow> {
  const target = await findPaymentMethod(tx, projectId, id);
  const [other] = await tx
    .select()
    .from(paymentMethods)
    .where(and(live(projectId), ne(paymentMethods.id, id)))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(1);
  if (!other && (await dueInvoices(tx, projectId))) throw lastPaymentMethodInUse();
  const [removed] = await tx
    .update(paymentMethods)
    .set({ removedAt: now, isDefault: false })
    .where(eq(paymentMethods.id, id))
    .returning();
  if (target.isDefault && other) {
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, other.id));
  }
  return removed!;
}

export function toPaymentAttempt(row: AttemptRow): PaymentMethodPaymentAttempt {
  return {
    id: row.id,
    paymentMethodId: row.paymentMethodId,
    amount: row.amount,
    currency: row.currency,
    outcome: row.outcome,
    gatewayReference: row.gatewayReference,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function recordPaymentAttempt(
  tx: Executor,
  attempt: {
    id?: string;
    projectId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    outcome: PaymentOutcome;
    gatewayReference: string | null;
    transactionId: string | null;
  },
  now: Date,
): Promise<AttemptRow> {
  const [row] = await tx
    .insert(paymentAttempts)
    .values({ ...attempt, createdAt: now })
    .returning();
  return row!;
}

/** Payment attempts matching `which` (a card's, an invoice's), newest first, paged by keyset on (createdAt, id). */
export async function pageOfAttempts<T>(
  db: Executor,
  which: SQL | undefined,
  paging: { pageToken?: string | undefined; pageSize: number },
  map: (row: AttemptRow) => T,
) {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(and(which, olderThanToken(paymentAttempts.createdAt, paymentAttempts.id, paging.pageToken)))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(paging.pageSize + 1);
  return timePage(rows, paging.pageSize, (r) => r.createdAt, map);
}

/** A payment method's attempts, newest first. */
export async function listPaymentAttempts(
  db: Executor,
  projectId: string,
  paymentMethodId: string,
  paging: { pageToken?: string | undefined; pageSize: number },
) {
  // A page token the server did not issue is refused before anything is looked up.
  const after = olderThanToken(paymentAttempts.createdAt, paymentAttempts.id, paging.pageToken);
  await findPaymentMethod(db, projectId, paymentMethodId);
  const which = and(
    eq(paymentAttempts.projectId, projectId),
    eq(paymentAttempts.paymentMethodId, paymentMethodId),
    after,
  );
  return pageOfAttempts(db, which, { pageSize: paging.pageSize }, toPaymentAttempt);
}
