import { MONEY_MAX, type PlaceOrderRequest } from '@wharf/contract';
import { badRequest } from '../../../core/errors.js';

export interface OrderTotals {
  lines: { total: number }[];
  subtotal: number;
  total: number;
  itemCount: number;
}

const tooLarge = (what: string) =>
  badRequest(`The ${what} is more than one order may be worth (${MONEY_MAX} in minor units).`, 'AMOUNT_TOO_LARGE');

/**
 * Wharf adds an order up itself, never trusting a total it is sent: each line is quantity × unit
 * price, the total is the lines plus shipping and tax less the discount. Every figure stays within
 * MONEY_MAX (so sums of a customer's orders stay exact integers), and a discount worth more than the
 * order is refused.
 */
export function addUp(order: Pick<PlaceOrderRequest, 'items' | 'shipping' | 'tax' | 'discount'>): OrderTotals {
  let subtotal = 0;
  let itemCount = 0;
  const lines = order.items.map((item) => {
    const total = item.quantity * item.unitPrice;
    if (total > MONEY_MAX) throw tooLarge(`line for ${item.sku}`);
    subtotal += total;
    if (subtotal > MONEY_MAX) throw tooLarge('subtotal');
    itemCount += item.quantity;
    return { total };
  });
  const total = subtotal + order.shipping + order.tax - order.discount;
  if (total < 0) throw badRequest('The discount is more than the order is worth.', 'DISCOUNT_TOO_LARGE');
  if (total > MONEY_MAX) throw tooLarge('total');
  return { lines, subtotal, total, itemCount };
}
