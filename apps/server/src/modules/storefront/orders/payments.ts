import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import { currencyDigits } from '../../../core/export-format.js';
import type { Database, Executor } from '../../../core/db/database.js';
import type { JobEnqueuer, JobQueue } from '../../../core/jobs/queue.js';
import { countPayment } from '../customers/customer-figures.js';
import { AccountGatewayError, type PaymentAccountGateway } from '../payments/account-gateway.js';
import { storefrontOrderEvents, storefrontOrders, storefrontPaymentAccounts, storefrontPayments } from '../schema.js';

/** The job that settles a card payment a crash left pending (decision 035). */
export const SETTLE_PAYMENT_QUEUE = 'storefront.settle-payment';
/** How long the request that started a payment has to settle it before the job does. */
const SETTLE_AFTER_MS = 2 * 60_000;
const UNREACHABLE = 'The payment account could not be reached. Retry the payment in a few minutes.';

export type PaymentRow = typeof storefrontPayments.$inferSelect;

export interface PaymentDeps {
  db: Database;
  clock: Clock;
  gateway: PaymentAccountGateway;
}

/**
 * A card payment is taken in three steps so that no charge is lost or doubled: the attempt is
 * written `pending` with the order (and a job to settle it later, in case this process dies), the
 * payment account is charged outside any transaction with the attempt's id as idempotency key, and
 * the outcome is written in a second transaction. The job charges again with the same key — the
 * account answers the first charge, it does not make a second — and settles what is still pending.
 */
export async function schedulePendingSettlement(tx: Executor, jobs: JobEnqueuer, paymentId: string, now: Date) {
  await jobs.enqueue(tx, SETTLE_PAYMENT_QUEUE, { paymentId }, { runAt: new Date(now.getTime() + SETTLE_AFTER_MS) });
}

/** Charges a pending attempt and writes the outcome; a settled one is left as it is. */
export async function settlePayment(deps: PaymentDeps, paymentId: string): Promise<void> {
  const { db, clock, gateway } = deps;
  const [pending] = await db
    .select({
      payment: storefrontPayments,
      projectId: storefrontOrders.projectId,
      accountId: storefrontPaymentAccounts.accountId,
    })
    .from(storefrontPayments)
    .innerJoin(storefrontOrders, eq(storefrontOrders.id, storefrontPayments.orderId))
    .leftJoin(storefrontPaymentAccounts, eq(storefrontPaymentAccounts.projectId, storefrontOrders.projectId))
    .where(eq(storefrontPayments.id, paymentId));
  if (!pending || pending.payment.outcome !== 'pending') return;
  const { payment } = pending;
  let result: { outcome: 'succeeded' | 'failed'; reference: string | null; failure: string | null };
  if (!pending.accountId) {
    result = {
      outcome: 'failed',
      reference: null,
      failure: 'The payment account was disconnected before the card was charged.',
    };
  } else {
    try {
      result = await gateway.charge({
        accountId: pending.accountId,
        amount: payment.amount,
        currency: payment.currency,
        paymentMethod: payment.paymentMethod ?? '',
        idempotencyKey: payment.id,
        attempt: payment.attempt,
      });
    } catch (error) {
      if (!(error instanceof AccountGatewayError)) throw error;
      result = { outcome: 'failed', reference: null, failure: UNREACHABLE };
    }
  }
  await recordOutcome(db, clock.now(), payment, result);
}

async function recordOutcome(
  db: Database,
  now: Date,
  payment: PaymentRow,
  result: { outcome: 'succeeded' | 'failed'; reference: string | null; failure: string | null },
) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(storefrontOrders)
      .where(eq(storefrontOrders.id, payment.orderId))
      .for('update');
    const [settled] = await tx
      .update(storefrontPayments)
      .set({ outcome: result.outcome, reference: result.reference, failure: result.failure, settledAt: now })
      .where(and(eq(storefrontPayments.id, payment.id), eq(storefrontPayments.outcome, 'pending')))
      .returning({ id: storefrontPayments.id });
    // Another process settled it first (the job and the request raced): its outcome stands.
    if (!settled || !order) return;
    const amount = formatAmount(payment.amount, payment.currency);
    if (result.outcome === 'succeeded') {
      await tx
        .update(storefrontOrders)
        .set({
          status: sql`case when ${storefrontOrders.status} = 'new' then 'paid' else ${storefrontOrders.status} end`,
          paidAt: now,
          paymentFailed: false,
          updatedAt: now,
        })
        .where(eq(storefrontOrders.id, order.id));
      await countPayment(tx, order.customerId, payment.amount, now);
      await tx.insert(storefrontOrderEvents).values({
        orderId: order.id,
        at: now,
        kind: 'payment_succeeded',
        message: `Payment of ${amount} succeeded; the order is paid.`,
        actor: null,
      });
    } else {
      await tx
        .update(storefrontOrders)
        .set({ paymentFailed: true, updatedAt: now })
        .where(eq(storefrontOrders.id, order.id));
      await tx.insert(storefrontOrderEvents).values({
        orderId: order.id,
        at: now,
        kind: 'payment_failed',
        message: `Payment of ${amount} failed: ${result.failure ?? 'the card was refused.'}`,
        actor: null,
      });
    }
  });
}

/** An amount as the timeline writes it, as the console shows money: `£12.50`, `¥1,200`. */
export function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 10 ** currencyDigits(currency));
}

export function registerPaymentSettlement(jobs: JobQueue, deps: PaymentDeps): void {
  jobs.register<{ paymentId: string }>(SETTLE_PAYMENT_QUEUE, async ({ paymentId }) => {
    await settlePayment(deps, paymentId);
  });
}
