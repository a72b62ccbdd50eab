import type { OrderStatus } from '@wharf/contract';
import { formatDate, formatDateTime } from '../../ui/dates';
import { formatMoney } from '../billing/money';

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
