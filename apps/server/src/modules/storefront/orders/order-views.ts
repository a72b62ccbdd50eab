import type { Fulfillment, Order, OrderSummary } from '@wharf/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { orderNotFound } from '../errors.js';
import { describeFulfiller } from '../fulfillments/fulfillers.js';
import {
  storefrontFulfillmentItems,
  storefrontFulfillments,
  storefrontOrderEvents,
  storefrontOrderItems,
  storefrontOrders,
  storefrontPayments,
} from '../schema.js';

export type OrderRow = typeof storefrontOrders.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The columns an order's summary needs: the list reads only these. */
export const summaryColumns = {
  id: storefrontOrders.id,
  number: storefrontOrders.number,
  status: storefrontOrders.status,
  source: storefrontOrders.source,
  customerId: storefrontOrders.customerId,
  customerEmail: storefrontOrders.customerEmail,
  customerName: storefrontOrders.customerName,
  total: storefrontOrders.total,
  currency: storefrontOrders.currency,
  itemCount: storefrontOrders.itemCount,
  paymentFailed: storefrontOrders.paymentFailed,
  placedAt: storefrontOrders.placedAt,
  paidAt: storefrontOrders.paidAt,
  fulfilledAt: storefrontOrders.fulfilledAt,
};
export type SummaryRow = Pick<OrderRow, keyof typeof summaryColumns>;

export function toOrderSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    source: row.source,
    customer: { id: row.customerId, email: row.customerEmail, name: row.customerName },
    total: row.total,
    currency: row.currency,
    itemCount: row.itemCount,
    paymentFailed: row.paymentFailed,
    placedAt: row.placedAt.toISOString(),
    paidAt: iso(row.paidAt),
    fulfilledAt: iso(row.fulfilledAt),
  };
}

/** Fulfilments of some orders with their items, oldest first. */
export async function loadFulfillments(
  db: Executor,
  where: { orderIds: string[]; numbers: Map<string, number> } | { ids: string[]; numbers: Map<string, number> },
): Promise<Fulfillment[]> {
  const rows = await db
    .select()
    .from(storefrontFulfillments)
    .where(
      'orderIds' in where
        ? inArray(storefrontFulfillments.orderId, where.orderIds)
        : inArray(storefrontFulfillments.id, where.ids),
    )
    .orderBy(asc(storefrontFulfillments.createdAt), asc(storefrontFulfillments.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({
      fulfillmentId: storefrontFulfillmentItems.fulfillmentId,
      orderItemId: storefrontFulfillmentItems.orderItemId,
      quantity: storefrontFulfillmentItems.quantity,
      sku: storefrontOrderItems.sku,
      name: storefrontOrderItems.name,
      position: storefrontOrderItems.position,
    })
    .from(storefrontFulfillmentItems)
    .innerJoin(storefrontOrderItems, eq(storefrontOrderItems.id, storefrontFulfillmentItems.orderItemId))
    .where(
      inArray(
        storefrontFulfillmentItems.fulfillmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(storefrontOrderItems.position));
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: where.numbers.get(row.orderId) ?? 0,
    status: row.status,
    fulfiller: describeFulfiller(row.fulfillerKind, row.fulfillerCode),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    items: items
      .filter((item) => item.fulfillmentId === row.id)
      .map(({ orderItemId, sku, name, quantity }) => ({ orderItemId, sku, name, quantity })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
  }));
}

/** The order's row, refused as not found when it is not the project's. */
export async function findOrder(db: Executor, projectId: string, orderId: string, lock = false): Promise<OrderRow> {
  const query = db
    .select()
    .from(storefrontOrders)
    .where(and(eq(storefrontOrders.projectId, projectId), eq(storefrontOrders.id, orderId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw orderNotFound();
  return row;
}

/** One whole order: its items, totals, addresses, payments, fulfilments and timeline. */
export async function orderView(db: Executor, projectId: string, orderId: string): Promise<Order> {
  const row = await findOrder(db, projectId, orderId);
  const [items, payments, events, fulfillments] = await Promise.all([
    db
      .select()
      .from(storefrontOrderItems)
      .where(eq(storefrontOrderItems.orderId, row.id))
      .orderBy(asc(storefrontOrderItems.position)),
    db
      .select()
      .from(storefrontPayments)
      .where(eq(storefrontPayments.orderId, row.id))
      .orderBy(asc(storefrontPayments.attempt)),
    db
      .select()
      .from(storefrontOrderEvents)
      .where(eq(storefrontOrderEvents.orderId, row.id))
      .orderBy(asc(storefrontOrderEvents.seq)),
    loadFulfillments(db, { orderIds: [row.id], numbers: new Map([[row.id, row.number]]) }),
  ]);
  return {
    ...toOrderSummary(row),
    externalId: row.externalId,
    items: items.map((item) => ({
      id: item.id,
      sku: item.sku,
      name: item.name,
      variant: item.variant,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total: item.total,
    })),
    totals: {
      subtotal: row.subtotal,
      shipping: row.shipping,
      tax: row.tax,
      discount: row.discount,
      total: row.total,
      currency: row.currency,
    },
    shippingAddress: row.shippingAddress ?? null,
    billingAddress: row.billingAddress ?? null,
    note: row.note,
    payments: payments.map((payment) => ({
      id: payment.id,
      attempt: payment.attempt,
      method: payment.method,
      amount: payment.amount,
      currency: payment.currency,
      outcome: payment.outcome,
      reference: payment.reference,
      failure: payment.failure,
      createdAt: payment.createdAt.toISOString(),
    })),
    fulfillments,
    timeline: events.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      kind: event.kind as Order['timeline'][number]['kind'],
      message: event.message,
      actor: event.actor,
    })),
  };
}
