import type { FulfillmentStatus, OrderStatus } from '@wharf/contract';

/*
 * How an order's status moves (decision 035). Nobody sets a status by hand: payments and
 * fulfilments move it, so the status always says what happened to the money and the parcels.
 *
 *   new ──payment succeeds──▶ paid ──a fulfilment starts or ships──▶ processing
 *   paid | processing ──every fulfilment not cancelled has shipped──▶ complete
 *   paid | processing | complete ──refundOrder gives the money back──▶ refunded   (orders/refunds.ts)
 *
 * Fulfilments move on their own path: pending ▶ processing ▶ shipped ▶ delivered, and any of the first
 * two ▶ cancelled; a shipped parcel cannot go back.
 */

export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['paid'],
  paid: ['processing', 'complete', 'refunded'],
  processing: ['complete', 'refunded'],
  complete: ['refunded'],
  refunded: [],
};

export const fulfillmentTransitions: Readonly<Record<FulfillmentStatus, readonly FulfillmentStatus[]>> = {
  pending: ['processing', 'shipped', 'cancelled'],
  processing: ['pending', 'shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const mayMoveOrder = (from: OrderStatus, to: OrderStatus) => from === to || orderTransitions[from].includes(to);

export const mayMoveFulfillment = (from: FulfillmentStatus, to: FulfillmentStatus) =>
  from === to || fulfillmentTransitions[from].includes(to);

/** A fulfilment's parcel has left (or arrived): it counts towards the order being complete. */
export const hasShipped = (status: FulfillmentStatus) => status === 'shipped' || status === 'delivered';

/**
 * The status an order of `current` status takes once its fulfilments stand as `fulfillments` say: it
 * is complete when every fulfilment not cancelled has shipped, processing once any has started.
 * Unpaid and refunded orders do not move (their fulfilments cannot change: see `fulfilmentRefusal`).
 */
export function statusAfterFulfilment(current: OrderStatus, fulfillments: readonly FulfillmentStatus[]): OrderStatus {
  if (current === 'new' || current === 'refunded') return current;
  const live = fulfillments.filter((status) => status !== 'cancelled');
  if (live.length > 0 && live.every(hasShipped)) return 'complete';
  if (live.some((status) => status !== 'pending')) return current === 'complete' ? 'complete' : 'processing';
  return current === 'complete' ? 'complete' : current;
}

/** Why an order's fulfilments may not change now, or undefined when they may. */
export function fulfilmentRefusal(order: { number: number; status: OrderStatus }): string | undefined {
  if (order.status === 'new') return `Order #${order.number} is not paid yet: fulfil it once its payment succeeds.`;
  if (order.status === 'refunded') return `Order #${order.number} was refunded: there is nothing left to fulfil.`;
  return undefined;
}

/** Why a fulfilment may not move from one status to another, or undefined when it may. */
export function fulfilmentMoveRefusal(from: FulfillmentStatus, to: FulfillmentStatus): string | undefined {
  if (mayMoveFulfillment(from, to)) return undefined;
  const allowed = fulfillmentTransitions[from];
  return allowed.length === 0
    ? `This fulfilment is ${from}: its status can no longer change.`
    : `A ${from} fulfilment can move only to ${allowed.join(', ')}, not to ${to}.`;
}
