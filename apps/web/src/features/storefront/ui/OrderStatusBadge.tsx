import type { OrderStatus } from '@wharf/contract';
import { cx } from '../../../ui/cx';
import { orderStatusWords } from '../format';

/** Each status its own colour, so a list reads at a glance. */
const tones: Record<OrderStatus, string> = {
  new: 'bg-primary-soft text-primary',
  paid: 'bg-success-soft text-success',
  processing: 'bg-warning-soft text-warning',
  complete: 'border border-border bg-surface-raised text-text',
  refunded: 'bg-danger-soft text-danger',
};

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** An order's status as a coloured label ("Paid"). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={cx(badge, tones[status])} data-status={status}>
      {orderStatusWords[status]}
    </span>
  );
}

/** The marker of an order whose last payment failed: it waits for a retry. */
export function PaymentFailedBadge() {
  return (
    <span className={cx(badge, 'border border-danger text-danger')} data-status="payment-failed">
      <span aria-hidden="true">!</span> Payment failed
    </span>
  );
}
