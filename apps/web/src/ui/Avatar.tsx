import { cx } from './cx';
import { initials } from './initials';

/** A person's picture, else their initials; decorative (the name is always written beside it). */
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  if (url) return <img src={url} alt="" className={cx('size-9 shrink-0 rounded-full object-cover', className)} />;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid size-9 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
