import { cx } from './cx';

/** A decorative spinner; pair it with visible or screen-reader text saying what is loading. */
export function Spinner({ className }: { className?: string }) {
  return <span className={cx('wharf-spinner', className)} aria-hidden="true" />;
}
