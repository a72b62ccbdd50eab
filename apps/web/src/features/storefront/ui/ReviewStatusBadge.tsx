import type { ReviewStatus } from '@wharf/contract';
import { cx } from '../../../ui/cx';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export const reviewStatusWords: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  hidden: 'Hidden',
};

const tones: Record<ReviewStatus, string> = {
  pending: 'bg-warning-soft text-warning',
  approved: 'bg-success-soft text-success',
  rejected: 'bg-danger-soft text-danger',
  hidden: 'border border-border bg-surface-raised text-muted',
};

/** Where a review stands; only approved ones are shown on the storefront. */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={cx(badge, tones[status])} data-status={status}>
      {reviewStatusWords[status]}
    </span>
  );
}
