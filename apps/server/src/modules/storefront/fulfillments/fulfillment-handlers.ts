import type { FulfillmentStatus, OrderStatus, operations, UpdateFulfillmentRequest } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import type { Handlers } from '../../../core/http/operations.js';
import { actorOf } from '../actor.js';
import { fulfillmentNotFound, orderTransitionRefused } from '../errors.js';
import { fulfilmentMoveRefusal, fulfilmentRefusal, mayMoveOrder, statusAfterFulfilment } from '../order-status.js';
import { findOrder, loadFulfillments, type OrderRow } from '../orders/order-views.js';
import type { PlatformScope } from '../platform-scope.js';
import {
  storefrontFulfillmentItems,
  storefrontFulfillments,
  storefrontOrderEvents,
  storefrontOrders,
} from '../schema.js';
import { assertAvailable, availableFulfillers, describeFulfiller } from './fulfillers.js';

type FulfillmentOperations = Pick<
  typeof operations,
  'getFulfillment' | 'updateFulfillment' | 'listAvailableFulfillers'
>;
type FulfillmentRow = typeof storefrontFulfillments.$inferSelect;

export interface FulfillmentDeps {
  db: Database;
  clock: Clock;
  scope: PlatformScope;
  installed: (db: Executor, projectId: string) => Promise<string[]>;
  /** Told in the change's transaction when an order becomes complete (a review request is owed). */
  onComplete?: (tx: Executor, order: OrderRow, completedAt: Date) => Promise<void>;
}

async function findFulfillment(db: Executor, projectId: string, id: string, lock = false): Promise<FulfillmentRow> {
  const query = db
    .select()
    .from(storefrontFulfillments)
    .where(and(eq(storefrontFulfillments.projectId, projectId), eq(storefrontFulfillments.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fulfillmentNotFound();
  return row;
}

async function fulfillmentView(db: Executor, row: FulfillmentRow, orderNumber: number) {
  const [view] = await loadFulfillments(db, { ids: [row.id], numbers: new Map([[row.orderId, orderNumber]]) });
  return view!;
}

/** Fulfilments of orders: who fulfils which items, their status and tracking (decision 035). */
export function fulfillmentHandlers(deps: FulfillmentDeps): Handlers<FulfillmentOperations> {
  const { db, clock, scope, installed } = deps;

  return {
    getFulfillment: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      const row = await findFulfillment(db, query.project, params.fulfillmentId);
      const order = await findOrder(db, query.project, row.orderId);
      return fulfillmentView(db, row, order.number);
    },

    listAvailableFulfillers: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return availableFulfillers(db, query.project, installed);
    },

    updateFulfillment: async ({ params, query, body }, request) => {
      await scope.assert(query.project, params.platformId);
      const actor = await actorOf(db, request);
      const available = body.fulfiller ? await availableFulfillers(db, query.project, installed) : [];
      if (body.fulfiller) assertAvailable(body.fulfiller, available);
      return db.transaction(async (tx) => {
        const unlocked = await findFulfillment(tx, query.project, params.fulfillmentId);
        // The order's lock first, then the fulfilment's: every change of an order's fulfilments takes turns.
        const order = await findOrder(tx, query.project, unlocked.orderId, true);
        const row = await findFulfillment(tx, query.project, params.fulfillmentId, true);
        const refusal = fulfilmentRefusal(order);
        if (refusal) throw orderTransitionRefused(refusal);
        const now = clock.now();
        const changes = await applyChange(tx, order, row, body, now, actor);
        if ((await moveOrder(tx, order, now, actor)) === 'complete') await deps.onComplete?.(tx, order, now);
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `fulfillment:${row.id}`,
          details: { order: order.id, changes },
        });
        const updated = await findFulfillment(tx, query.project, row.id);
        return fulfillmentView(tx, updated, order.number);
      });
    },
  };
}

/** Writes a fulfilment's change and its timeline line; answers the names of what changed. */
async function applyChange(
  tx: Executor,
  order: OrderRow,
  row: FulfillmentRow,
  body: UpdateFulfillmentRequest,
  now: Date,
  actor: string | null,
): Promise<string[]> {
  const changes: string[] = [];
  const words: string[] = [];
  const set: Partial<typeof storefrontFulfillments.$inferInsert> = { updatedAt: now };
  if (body.status && body.status !== row.status) {
    const moveRefusal = fulfilmentMoveRefusal(row.status, body.status);
    if (moveRefusal) throw orderTransitionRefused(moveRefusal);
    set.status = body.status;
    if (body.status === 'shipped') set.shippedAt = now;
    if (body.status === 'delivered') set.deliveredAt = now;
    changes.push('status');
    words.push(`marked ${body.status}`);
  }
  if (body.fulfiller) {
    if (row.status !== 'pending' && row.status !== 'processing')
      throw orderTransitionRefused(`A ${row.status} fulfilment keeps its fulfiller.`);
    set.fulfillerKind = body.fulfiller.kind;
    set.fulfillerCode = body.fulfiller.kind === 'module' ? body.fulfiller.code : null;
    changes.push('fulfiller');
    words.push(`given to ${describeFulfiller(body.fulfiller.kind, set.fulfillerCode ?? null).name}`);
  }
  for (const field of ['carrier', 'trackingNumber', 'trackingUrl'] as const) {
    if (body[field] === undefined) continue;
    set[field] = body[field] || null;
    changes.push(field);
  }
  if (body.trackingNumber)
    words.push(`tracking ${body.carrier ?? row.carrier ?? ''} ${body.trackingNumber}`.replace(/\s+/g, ' '));
  if (body.items) {
    await splitOff(tx, order, row, body.items, now, actor);
    changes.push('items');
  }
  await tx.update(storefrontFulfillments).set(set).where(eq(storefrontFulfillments.id, row.id));
  if (words.length > 0 || changes.length > 0)
    await tx.insert(storefrontOrderEvents).values({
      orderId: order.id,
      at: now,
      kind: 'fulfillment_updated',
      message: `Fulfilment ${words.length > 0 ? words.join(', ') : `updated (${changes.join(', ')})`}.`,
      actor,
    });
  return changes;
}

/**
 * Keeps only `keep` in this fulfilment and moves the rest of its items to a new pending one with the
 * same fulfiller: how an order is split across fulfillers (vendure #3588). Only before the parcel
 * leaves; each kept line must be one of this fulfilment's, at most its quantity.
 */
async function splitOff(
  tx: Executor,
  order: OrderRow,
  row: FulfillmentRow,
  keep: NonNullable<UpdateFulfillmentRequest['items']>,
  now: Date,
  actor: string | null,
) {
  if (row.status !== 'pending' && row.status !== 'processing')
    throw orderTransitionRefused(`A ${row.status} fulfilment cannot be split: its items have left.`);
  const current = await tx
    .select()
    .from(storefrontFulfillmentItems)
    .where(eq(storefrontFulfillmentItems.fulfillmentId, row.id));
  const have = new Map(current.map((item) => [item.orderItemId, item.quantity]));
  const kept = new Map<string, number>();
  for (const item of keep) {
    const quantity = have.get(item.orderItemId);
    if (quantity === undefined || kept.has(item.orderItemId))
      throw badRequest('Keep only items of this fulfilment, each once.', 'FULFILLMENT_ITEMS_INVALID');
    if (item.quantity > quantity)
      throw badRequest(`This fulfilment holds only ${quantity} of that item.`, 'FULFILLMENT_ITEMS_INVALID');
    kept.set(item.orderItemId, item.quantity);
  }
  const rest = current
    .map((item) => ({ orderItemId: item.orderItemId, quantity: item.quantity - (kept.get(item.orderItemId) ?? 0) }))
    .filter((item) => item.quantity > 0);
  if (rest.length === 0) return;
  await tx.delete(storefrontFulfillmentItems).where(eq(storefrontFulfillmentItems.fulfillmentId, row.id));
  await tx
    .insert(storefrontFulfillmentItems)
    .values([...kept].map(([orderItemId, quantity]) => ({ fulfillmentId: row.id, orderItemId, quantity })));
  const [split] = await tx
    .insert(storefrontFulfillments)
    .values({
      projectId: row.projectId,
      orderId: order.id,
      status: 'pending',
      fulfillerKind: row.fulfillerKind,
      fulfillerCode: row.fulfillerCode,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: storefrontFulfillments.id });
  await tx.insert(storefrontFulfillmentItems).values(rest.map((item) => ({ fulfillmentId: split!.id, ...item })));
  await tx.insert(storefrontOrderEvents).values({
    orderId: order.id,
    at: now,
    kind: 'fulfillment_split',
    message: `Fulfilment split: ${rest.reduce((n, item) => n + item.quantity, 0)} item(s) moved to a new fulfilment.`,
    actor,
  });
}

/**
 * Moves the order to the status its fulfilments now call for (order-status.ts), with a timeline line;
 * answers the status it moved to, or undefined when it stays.
 */
async function moveOrder(
  tx: Executor,
  order: OrderRow,
  now: Date,
  actor: string | null,
): Promise<OrderStatus | undefined> {
  const statuses = (
    await tx
      .select({ status: storefrontFulfillments.status })
      .from(storefrontFulfillments)
      .where(eq(storefrontFulfillments.orderId, order.id))
  ).map((row) => row.status as FulfillmentStatus);
  const next: OrderStatus = statusAfterFulfilment(order.status, statuses);
  if (next === order.status) return undefined;
  if (!mayMoveOrder(order.status, next))
    throw orderTransitionRefused(`Order #${order.number} cannot move from ${order.status} to ${next}.`);
  await tx
    .update(storefrontOrders)
    .set({ status: next, updatedAt: now, ...(next === 'complete' ? { fulfilledAt: now } : {}) })
    .where(eq(storefrontOrders.id, order.id));
  await tx.insert(storefrontOrderEvents).values({
    orderId: order.id,
    at: now,
    kind: 'status_changed',
    message: `Order #${order.number} is now ${next}.`,
    actor,
  });
  return next;
}
