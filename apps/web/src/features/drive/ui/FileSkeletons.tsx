import { cx } from '../../../ui/cx';

/** Grey stand-ins of the tiles while the files load, with the words for screen readers. */
export function GridSkeleton({ count = 8, label = 'Loading files…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul
        aria-hidden="true"
        className="grid grid-cols-1 gap-4 xs:grid-cols-2 sm:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5"
      >
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-xl border border-border bg-surface">
            <div className="aspect-[4/3] animate-pulse bg-surface-raised" />
            <div className="grid gap-2 p-3">
              <div className={cx('h-3.5 animate-pulse rounded bg-surface-raised', i % 2 ? 'w-2/3' : 'w-4/5')} />
              <div className="h-3 w-1/3 animate-pulse rounded bg-surface-raised" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Grey stand-ins of the list's rows. */
export function ListSkeleton({ count = 6, label = 'Loading files…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label}>
      <ul aria-hidden="true" className="grid gap-2">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3">
            <div className="size-10 shrink-0 animate-pulse rounded-md bg-surface-raised" />
            <div className="grid flex-1 gap-2">
              <div className={cx('h-3.5 animate-pulse rounded bg-surface-raised', i % 2 ? 'w-1/2' : 'w-2/3')} />
              <div className="h-3 w-1/4 animate-pulse rounded bg-surface-raised" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
