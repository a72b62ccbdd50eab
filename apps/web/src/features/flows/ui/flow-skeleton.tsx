import { cx } from '../../../ui/cx';

/** The flows' list while its first page loads: grey rows where the rows will be. */
export function FlowListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading flows…" className="divide-y divide-border rounded-xl border border-border">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="grid gap-2 px-4 py-3.5">
          <div className="flex items-center gap-3">
            <div className={cx('h-4 animate-pulse rounded bg-surface-raised', i % 2 ? 'w-36' : 'w-52')} />
            <div className="h-5 w-16 animate-pulse rounded-full bg-surface-raised" />
          </div>
          <div className="h-3 w-64 max-w-full animate-pulse rounded bg-surface-raised" />
        </div>
      ))}
    </div>
  );
}
