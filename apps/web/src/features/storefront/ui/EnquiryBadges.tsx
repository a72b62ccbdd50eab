import type { EnquiryStatus } from '@wharf/contract';
import { cx } from '../../../ui/cx';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export const enquiryStatusWords: Record<EnquiryStatus, string> = { open: 'Open', closed: 'Closed' };

/** An enquiry's status: open ones wait on the shop and stand out; closed ones are dealt with. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span
      className={cx(
        badge,
        status === 'open' ? 'bg-primary-soft text-primary' : 'border border-border bg-surface-raised text-muted',
      )}
      data-status={status}
    >
      {enquiryStatusWords[status]}
    </span>
  );
}

/** The marker of an enquiry answered at least once. */
export function RepliedBadge() {
  return (
    <span className={cx(badge, 'bg-success-soft text-success')} data-status="replied">
      Replied
    </span>
  );
}

/** "3 unread": the inbox's count, beside its heading. */
export function UnreadCount({ count }: { count: number }) {
  return (
    <span className={cx(badge, count > 0 ? 'bg-primary text-on-primary' : 'border border-border text-muted')}>
      {count} unread
    </span>
  );
}
