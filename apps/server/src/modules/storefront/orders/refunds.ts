import type { operations } from '@wharf/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import { AppError } from '../../../core/errors.js';
import type { Handlers } from '../../../core/http/operations.js';
import { actorOf } from '../actor.js';
import { orderTransitionRefused } from '../errors.js';
import { mayMoveOrder } from '../order-status.js';
import { AccountGatewayError } from '../payments/account-gateway.js';
import type { PlatformScope } from '../platform-scope.js';
import {
  storefrontCustomers,
  storefrontFulfillments,
  storefrontOrderEvents,
  storefrontOrders,
  storefrontPaymentAccounts,
  storefrontPayments,
} from '../schema.js';
import { findOrder, orderView, type OrderRow } from './order-views.js';
import { formatAmount, type PaymentDeps } from './payments.js';

type RefundOperations = Pick<typeof operations, 'refundOrder'>;

const refundUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_ACCOUNT_UNAVAILABLE',
    'The payment provider did not take the refund. Nothing was refunded; try again in a few minutes.',
  );
const accountGone = () =>
  new AppError(
    409,
    'PAYMENT_ACCOUNT_NOT_CONNECTED',
    'The payment account this order was paid into is no longer connected: refund the customer from the provider, then reconnect it.',
  );

/** Why an order may not be refunded now, or undefined when it may. */
export function refundRefusal(order: Pick<OrderRow, 'number' | 'status'>): string | undefined {
  if (order.status === 'refunded') return `Order #${order.number} is refunded already.`;
  if (!mayMoveOrder(order.status, 'refunded')) return `Order #${order.number} is not paid: there is nothing to refund.`;
  return undefined;
}

/**
 * Refunds (decision 035): a whole order, never part of one. A card payment is given back through
 * the payment account first, outside any transaction, keyed by the payment's id — a second call, or
 * a retry after a crash between the provider and our write, refunds nothing more — and the order is
 * then marked refunded under its row lock. A payment taken elsewhere (a marketplace's) is only
 * recorded: the money is given back where it was taken.
 */
export function refundHandlers(deps: PaymentDeps & { scope: PlatformScope }): Handlers<RefundOperations> {
  const { db, clock, gateway, scope } = deps;

  return {
    refundOrder: async ({ params, query, body }, request) => {
      await scope.assert(query.project, params.platformId);
      const order = await findOrder(db, query.project, params.orderId);
      const refusal = refundRefusal(order);
      if (refusal) throw orderTransitionRefused(refusal);
      const [payment] = await db
        .select()
        .from(storefrontPayments)
        .where(and(eq(storefrontPayments.orderId, order.id), eq(storefrontPayments.outcome, 'succeeded')))
        .orderBy(desc(storefrontPayments.attempt))
        .limit(1);
      let given: string;
      if (payment?.method === 'card' && payment.reference) {
        const [account] = await db
          .select({ accountId: storefrontPaymentAccounts.accountId })
          .from(storefrontPaymentAccounts)
          .where(eq(storefrontPaymentAccounts.projectId, query.project));
        if (!account) throw accountGone();
        let reference: string | null;
        try {
          ({ reference } = await gateway.refund({
            accountId: account.accountId,
            chargeReference: payment.reference,
            amount: payment.amount,
            currency: payment.currency,
            idempotencyKey: `refund:${payment.id}`,
          }));
        } catch (error) {
          if (error instanceof AccountGatewayError) throw refundUnavailable();
          throw error;
        }
        given = `Refunded ${formatAmount(order.total, order.currency)} to the card${reference ? ` (${reference})` : ''}.`;
      } else {
        given = `Marked refunded: ${formatAmount(order.total, order.currency)} was paid outside Wharf${
          payment?.reference ? ` (${payment.reference})` : ''
        }, so give it back there.`;
      }
      const actor = await actorOf(db, request);
      const reason = body.reason?.trim() || null;
      await db.transaction(async (tx) => {
        const locked = await findOrder(tx, query.project, order.id, true);
        // A call that raced this one finished first: the refund stands once, as it wrote it.
        if (locked.status === 'refunded') {
          await recordAudit(tx, request, {
            projectId: query.project,
            target: `order:${locked.id}`,
            details: { refundedAlready: true },
          });
          return;
        }
        const now = clock.now();
        await tx
          .update(storefrontOrders)
          .set({ status: 'refunded', updatedAt: now })
          .where(eq(storefrontOrders.id, locked.id));
        // The customer's lifetime value counts paid orders: a refunded one no longer does.
        await tx
          .update(storefrontCustomers)
          .set({
            lifetimeValue: sql`greatest(${storefrontCustomers.lifetimeValue} - ${locked.total}, 0)`,
            updatedAt: now,
          })
          .where(eq(storefrontCustomers.id, locked.customerId));
        const cancelled = await tx
          .update(storefrontFulfillments)
          .set({ status: 'cancelled', updatedAt: now })
          .where(
            and(
              eq(storefrontFulfillments.orderId, locked.id),
              inArray(storefrontFulfillments.status, ['pending', 'processing']),
            ),
          )
          .returning({ id: storefrontFulfillments.id });
        const parts = [given];
        if (cancelled.length > 0)
          parts.push(`${cancelled.length} open fulfilment${cancelled.length === 1 ? '' : 's'} cancelled.`);
        if (reason) parts.push(`Reason: ${reason}`);
        await tx
          .insert(storefrontOrderEvents)
          .values({ orderId: locked.id, at: now, kind: 'refunded', message: parts.join(' '), actor });
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `order:${locked.id}`,
          details: { refunded: locked.total, currency: locked.currency, ...(reason ? { reason } : {}) },
        });
      });
      return orderView(db, query.project, order.id);
    },
  };
}
