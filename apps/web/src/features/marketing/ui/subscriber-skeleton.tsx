import { cx } from '../../../ui/cx';

/** The subscribers' table while its first page loads: grey rows where the rows will be. */
export function SubscriberSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading subscribers…" className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="flex items-center gap-4 border-b border-border py-2.5 last:border-0">
          <div className="grid flex-1 gap-1.5">
            <div className={cx('h-3.5 animate-pulse rounded bg-surface-raised', i % 2 ? 'w-40' : 'w-52')} />
            <div className="h-3 w-32 animate-pulse rounded bg-surface-raised" />
          </div>
          <div className="h-5 w-20 animate-pulse rounded-full bg-surface-raised" />
          <div className="hidden h-3.5 w-24 animate-pulse rounded bg-surface-raised sm:block" />
        </div>
      ))}
    </div>
  );
}
