import { REVIEW_STATUSES, type ReviewStatus } from '@wharf/contract';
import type { KeyboardEvent } from 'react';
import { cx } from '../../../ui/cx';
import type { ReviewCounts } from '../api/reviews';
import { reviewStatusWords } from './ReviewStatusBadge';

export const reviewTabId = (idBase: string, status: ReviewStatus) => `${idBase}-tab-${status}`;

/**
 * The moderation queue's tabs, Pending first, each with its count under the other filters
 * (WAI-ARIA tabs: one tab stop; the arrow keys, Home and End move between tabs and open them).
 */
export function ReviewStatusTabs({
  active,
  counts,
  onChange,
  idBase,
  panelId,
}: {
  active: ReviewStatus;
  /** Unknown until the first page has loaded. */
  counts: ReviewCounts | undefined;
  onChange: (status: ReviewStatus) => void;
  idBase: string;
  panelId: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = REVIEW_STATUSES.indexOf(active);
    const last = REVIEW_STATUSES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % REVIEW_STATUSES.length
        : event.key === 'ArrowLeft'
          ? (index + last) % REVIEW_STATUSES.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const status = REVIEW_STATUSES[next]!;
    onChange(status);
    document.getElementById(reviewTabId(idBase, status))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Reviews by status"
      className="flex gap-1 overflow-x-auto border-b border-border"
      onKeyDown={onKeyDown}
    >
      {REVIEW_STATUSES.map((status) => {
        const selected = status === active;
        const count = counts?.[status];
        return (
          <button
            key={status}
            type="button"
            role="tab"
            id={reviewTabId(idBase, status)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(status)}
            className={cx(
              '-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-offset-[-2px]',
              selected ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
            )}
          >
            {reviewStatusWords[status]}{' '}
            {count !== undefined && (
              <span
                className={cx(
                  'rounded-full px-1.5 text-xs leading-5 font-semibold tabular-nums',
                  status === 'pending' && count > 0 ? 'bg-warning-soft text-warning' : 'bg-surface-raised',
                )}
              >
                {count.toLocaleString()}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
