import type { OrderStatus } from '@wharf/contract';
import { formatDate, formatDateTime } from '../../ui/dates';
import { formatMoney } from '../billing/money';
import { moduleName } from '../integrations/modules/definitions';

export { formatMoney };

/** An instant as a date and time, or a dash when it has not happened. */
export function when(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso) : '—';
}

/** An instant as a date, or a dash when it has not happened. */
export function day(iso: string | null | undefined): string {
  return iso ? formatDate(iso) : '—';
}

/** `#1042`: how an order's number is shown. */
export function orderNumber(number: number): string {
  return `#${number}`;
}

export const orderStatusWords: Record<OrderStatus, string> = {
  new: 'New',
  paid: 'Paid',
  processing: 'Processing',
  complete: 'Complete',
  refunded: 'Refunded',
};

export const fulfillmentStatusWords: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * Where an order came from, as people name it: a sales-channel module by its name (`wooCommerce` →
 * WooCommerce), the project's own storefront, or an unknown source's code with a capital.
 */
export function sourceName(source: string): string {
  if (source === 'storefront') return 'Storefront';
  const name = moduleName(source);
  return name === source ? source.charAt(0).toUpperCase() + source.slice(1) : name;
}
