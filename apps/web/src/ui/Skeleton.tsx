import type { ReactNode } from 'react';
import { cx } from './cx';

/** One grey bar where text or a tag will be; its size comes from `className` (`h-3.5 w-40`, `rounded-full`). */
export function SkeletonBar({ className }: { className: string }) {
  return <div className={cx('animate-pulse rounded bg-surface-raised', className)} />;
}

/**
 * A list while its first page loads: `rows` placeholder rows, each drawn by `row` (its index lets rows
 * differ a little), announced once as `label` and hidden from assistive technology row by row.
 */
export function SkeletonRows({
  label,
  rows,
  className,
  rowClassName,
  row,
}: {
  label: string;
  rows: number;
  className: string;
  rowClassName: string;
  row: (index: number) => ReactNode;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className={rowClassName}>
          {row(i)}
        </div>
      ))}
    </div>
  );
}
