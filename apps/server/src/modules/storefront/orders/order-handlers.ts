import type { operations } from '@wharf/contract';
import { desc, eq } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import type { JobEnqueuer } from '../../../core/jobs/queue.js';
import type { Handlers } from '../../../core/http/operations.js';
import { actorOf } from '../actor.js';
import { chargesDisabled, nothingToRetry, paymentAccountMissing } from '../errors.js';
import type { PlatformScope } from '../platform-scope.js';
import { storefrontOrderEvents, storefrontOrders, storefrontPaymentAccounts, storefrontPayments } from '../schema.js';
import { placeOrder, SameOrderAgain } from './intake.js';
import type { PurchaseHook } from '../customers/purchase-history.js';
import { listOrders } from './order-list.js';
import { findOrder, orderView } from './order-views.js';
import { schedulePendingSettlement, settlePayment, type PaymentDeps } from './payments.js';

type OrderOperations = Pick<typeof operations, 'placeOrder' | 'listOrders' | 'getOrder' | 'retryPlatformPayment'>;

export interface OrderDeps extends PaymentDeps {
  db: Database;
  clock: Clock;
  jobs: JobEnqueuer;
  scope: PlatformScope;
  /** Run in the order's transaction when a new order is placed (mail marketing keeps "last purchased" by it). */
  purchased: PurchaseHook;
}

/** Card orders need a connected account that may charge; answers nothing, or throws the refusal. */
async function assertMayCharge(db: Executor, projectId: string) {
  const [account] = await db
    .select({ chargesEnabled: storefrontPaymentAccounts.chargesEnabled })
    .from(storefrontPaymentAccounts)
    .where(eq(storefrontPaymentAccounts.projectId, projectId));
  if (!account) throw paymentAccountMissing();
  if (!account.chargesEnabled) throw chargesDisabled();
}

/** The intake, the order list and detail, and retrying a failed payment (decision 035). */
export function orderHandlers(deps: OrderDeps): Handlers<OrderOperations> {
  const { db, clock, jobs, scope } = deps;

  return {
    placeOrder: async ({ params, query, body }, request, reply) => {
      await scope.assert(query.project, params.platformId);
      if (body.payment.method === 'card') await assertMayCharge(db, query.project);
      const actor = await actorOf(db, request);
      let placed;
      try {
        placed = await db.transaction(async (tx) => {
          const result = await placeOrder(tx, jobs, { projectId: query.project, order: body, actor, now: clock.now() });
          if (result.created && result.placedAt) {
            await deps.purchased.run(tx, { projectId: query.project, email: body.customer.email, at: result.placedAt });
          }
          await recordAudit(tx, request, {
            projectId: query.project,
            target: `order:${result.orderId}`,
            details: result.created ? { placed: true } : { replayed: true, externalId: body.externalId },
          });
          return result;
        });
      } catch (error) {
        if (!(error instanceof SameOrderAgain)) throw error;
        placed = { orderId: error.orderId, created: false, pendingPaymentId: null };
        await recordAudit(db, request, {
          projectId: query.project,
          target: `order:${placed.orderId}`,
          details: { replayed: true, externalId: body.externalId },
        });
      }
      if (placed.pendingPaymentId) await settlePayment(deps, placed.pendingPaymentId);
      void reply.code(201);
      return orderView(db, query.project, placed.orderId);
    },

    listOrders: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return listOrders(db, query.project, query);
    },

    getOrder: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return orderView(db, query.project, params.orderId);
    },

    retryPlatformPayment: async ({ params, query }, request) => {
      await scope.assert(query.project, params.platformId);
      const actor = await actorOf(db, request);
      const paymentId = await db.transaction(async (tx) => {
        // The order's row lock makes two retries take turns: the second finds the first's attempt.
        // Another project's order is not found before anything is said about this project's account.
        const order = await findOrder(tx, query.project, params.orderId, true);
        await assertMayCharge(tx, query.project);
        const [last] = await tx
          .select()
          .from(storefrontPayments)
          .where(eq(storefrontPayments.orderId, order.id))
          .orderBy(desc(storefrontPayments.attempt))
          .limit(1);
        const refusal = retryRefusal(order, last);
        if (refusal) throw nothingToRetry(refusal);
        const now = clock.now();
        const [attempt] = await tx
          .insert(storefrontPayments)
          .values({
            orderId: order.id,
            attempt: last!.attempt + 1,
            method: 'card',
            paymentMethod: last!.paymentMethod,
            amount: order.total,
            currency: order.currency,
            outcome: 'pending',
            createdAt: now,
          })
          .returning({ id: storefrontPayments.id });
        await tx.insert(storefrontOrderEvents).values({
          orderId: order.id,
          at: now,
          kind: 'payment_retried',
          message: `Payment retried (attempt ${last!.attempt + 1}).`,
          actor,
        });
        await tx
          .update(storefrontOrders)
          .set({ paymentFailed: false, updatedAt: now })
          .where(eq(storefrontOrders.id, order.id));
        await schedulePendingSettlement(tx, jobs, attempt!.id, now);
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `order:${order.id}`,
          details: { attempt: last!.attempt + 1 },
        });
        return attempt!.id;
      });
      await settlePayment(deps, paymentId);
      return orderView(db, query.project, params.orderId);
    },
  };
}

/** Why an order's payment may not be retried now, or undefined when its last card payment failed. */
export function retryRefusal(
  order: { number: number; status: string },
  last: { outcome: string; method: string } | undefined,
): string | undefined {
  if (order.status !== 'new' || !last || last.outcome === 'succeeded')
    return `Order #${order.number} is paid already: there is no payment to retry.`;
  if (last.outcome === 'pending') return `A payment of order #${order.number} is under way: wait for its outcome.`;
  if (last.method !== 'card') return `Order #${order.number} was not paid by card here: retry it where it was paid.`;
  return undefined;
}
