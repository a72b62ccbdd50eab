import type { PlaceOrderRequest } from '@wharf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import type { JobEnqueuer } from '../../../core/jobs/queue.js';
import { badRequest } from '../../../core/errors.js';
import { countPurchase } from '../customers/customer-figures.js';
import { currencyMismatch } from '../errors.js';
import {
  storefrontFulfillmentItems,
  storefrontFulfillments,
  storefrontOrderEvents,
  storefrontOrderItems,
  storefrontOrders,
  storefrontPayments,
  storefrontShops,
} from '../schema.js';
import { formatAmount, schedulePendingSettlement } from './payments.js';
import { addUp } from './totals.js';

/** The storefront's own source name, for orders a sales-channel module did not send. */
export const STOREFRONT_SOURCE = 'storefront';
/** How far ahead of the server's clock a sales channel's `placedAt` may be (their clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface Intake {
  projectId: string;
  order: PlaceOrderRequest;
  actor: string | null;
  now: Date;
}

/** What the intake made: the order, and the card payment to take once the transaction commits. */
export interface Placed {
  orderId: string;
  /** False when the `externalId` named an order placed before: nothing was written. */
  created: boolean;
  pendingPaymentId: string | null;
  /** When the order was placed (the intake's time, or the sales channel's `placedAt`). */
  placedAt?: Date;
}

/**
 * Takes the project's next order number: the shop's row is made on the first order (fixing the
 * shop's currency) and locked by every later one, so numbers are gapless and follow the order in
 * which orders committed. The lock is held to the end of the intake's short transaction.
 */
async function takeNumber(tx: Executor, projectId: string, currency: string): Promise<number> {
  const [shop] = await tx
    .insert(storefrontShops)
    .values({ projectId, currency, nextNumber: 1002 })
    .onConflictDoUpdate({
      target: storefrontShops.projectId,
      set: { nextNumber: sql`${storefrontShops.nextNumber} + 1` },
    })
    .returning({ currency: storefrontShops.currency, number: sql<number>`${storefrontShops.nextNumber} - 1` });
  if (shop!.currency !== currency) throw currencyMismatch(shop!.currency);
  return Number(shop!.number);
}

async function existingOrder(tx: Executor, projectId: string, source: string, externalId: string) {
  const [row] = await tx
    .select({ id: storefrontOrders.id })
    .from(storefrontOrders)
    .where(
      and(
        eq(storefrontOrders.projectId, projectId),
        eq(storefrontOrders.source, source),
        eq(storefrontOrders.externalId, externalId),
      ),
    );
  return row?.id;
}

/**
 * Writes an order in the caller's transaction (decision 035): its number, lines, customer figures,
 * one pending fulfilment of every item by the project itself, the first payment attempt and the
 * timeline's first lines. A card payment is left `pending` for the caller to charge after commit; a
 * payment taken by a sales channel (`external`) makes the order paid at once. Orders of a shop are
 * in one currency, the one its first order used.
 */
export async function placeOrder(tx: Executor, jobs: JobEnqueuer, intake: Intake): Promise<Placed> {
  const { projectId, order, now } = intake;
  const source = order.source ?? STOREFRONT_SOURCE;
  const placedAt = order.placedAt ? new Date(order.placedAt) : now;
  if (placedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw badRequest('An order cannot be placed in the future: check placedAt.', 'PLACED_IN_FUTURE');
  const totals = addUp(order);

  if (order.externalId) {
    const earlier = await existingOrder(tx, projectId, source, order.externalId);
    if (earlier) return { orderId: earlier, created: false, pendingPaymentId: null };
  }
  const external = order.payment.method === 'external';
  // An order worth nothing (a free sample) is paid as it is placed: there is nothing to charge.
  const paidNow = external || totals.total === 0;
  const customerId = await countPurchase(tx, {
    projectId,
    email: order.customer.email,
    name: order.customer.name,
    phone: order.customer.phone ?? null,
    placedAt,
    paid: paidNow ? totals.total : 0,
    shippingAddress: order.shippingAddress ?? null,
    now,
  });
  // The number last of the reads: the shop's row stays locked from here to the commit, and every other
  // order of the shop waits for it (decision 035), so as little as possible happens after it.
  const number = await takeNumber(tx, projectId, order.currency);
  // Another intake of the same externalId may have committed while this one waited for the number.
  if (order.externalId) {
    const earlier = await existingOrder(tx, projectId, source, order.externalId);
    if (earlier) throw new SameOrderAgain(earlier);
  }

  const [row] = await tx
    .insert(storefrontOrders)
    .values({
      projectId,
      number,
      source,
      externalId: order.externalId ?? null,
      status: paidNow ? 'paid' : 'new',
      customerId,
      customerEmail: order.customer.email.toLowerCase(),
      customerName: order.customer.name,
      currency: order.currency,
      subtotal: totals.subtotal,
      shipping: order.shipping,
      tax: order.tax,
      discount: order.discount,
      total: totals.total,
      itemCount: totals.itemCount,
      shippingAddress: order.shippingAddress ?? null,
      billingAddress: order.billingAddress ?? null,
      note: order.note || null,
      placedAt,
      paidAt: paidNow ? now : null,
      updatedAt: now,
    })
    .returning({ id: storefrontOrders.id });
  const orderId = row!.id;

  const items = await tx
    .insert(storefrontOrderItems)
    .values(
      order.items.map((item, position) => ({
        orderId,
        position,
        sku: item.sku,
        name: item.name,
        variant: item.variant ?? null,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        total: totals.lines[position]!.total,
      })),
    )
    .returning({ id: storefrontOrderItems.id, quantity: storefrontOrderItems.quantity });
  const [fulfillment] = await tx
    .insert(storefrontFulfillments)
    .values({ projectId, orderId, status: 'pending', fulfillerKind: 'project', createdAt: now, updatedAt: now })
    .returning({ id: storefrontFulfillments.id });
  await tx
    .insert(storefrontFulfillmentItems)
    .values(items.map((item) => ({ fulfillmentId: fulfillment!.id, orderItemId: item.id, quantity: item.quantity })));

  const amount = formatAmount(totals.total, order.currency);
  const events: (typeof storefrontOrderEvents.$inferInsert)[] = [
    {
      orderId,
      at: now,
      kind: 'placed',
      message: `Order #${number} placed${source === STOREFRONT_SOURCE ? '' : ` through ${source}`} for ${amount}.`,
      actor: intake.actor,
    },
  ];
  let pendingPaymentId: string | null = null;
  if (totals.total > 0) {
    const [payment] = await tx
      .insert(storefrontPayments)
      .values({
        orderId,
        attempt: 1,
        method: order.payment.method,
        paymentMethod: order.payment.method === 'card' ? order.payment.paymentMethod : null,
        amount: totals.total,
        currency: order.currency,
        outcome: external ? 'succeeded' : 'pending',
        reference: order.payment.method === 'external' ? order.payment.reference : null,
        createdAt: now,
        settledAt: external ? now : null,
      })
      .returning({ id: storefrontPayments.id });
    if (external) {
      events.push({
        orderId,
        at: now,
        kind: 'payment_succeeded',
        message: `Paid ${amount} through ${source}.`,
        actor: null,
      });
    } else {
      pendingPaymentId = payment!.id;
      await schedulePendingSettlement(tx, jobs, payment!.id, now);
    }
  }
  await tx.insert(storefrontOrderEvents).values(events);
  return { orderId, created: true, pendingPaymentId, placedAt };
}

/** The intake met an order of the same `externalId` committed meanwhile: roll back and answer that one. */
export class SameOrderAgain extends Error {
  constructor(readonly orderId: string) {
    super('an order of this externalId was placed meanwhile');
  }
}
