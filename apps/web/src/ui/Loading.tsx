import { cx } from './cx';
import { Spinner } from './Spinner';

/**
 * Something still loading: a spinner and what it waits for, announced to screen readers. Padded to
 * stand on a page, unless `inCard`: a card pads it already.
 */
export function Loading({ label, inCard = false }: { label: string; inCard?: boolean }) {
  return (
    <p role="status" className={cx('flex items-center gap-3 text-sm text-muted', !inCard && 'py-6')}>
      <Spinner className="size-5! border-2!" />
      {label}
    </p>
  );
}
