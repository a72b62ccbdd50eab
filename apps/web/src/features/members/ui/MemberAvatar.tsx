import { cx } from '../../../ui/cx';

/** A member's picture, else their initials; decorative (the name is always written beside it). */
export function MemberAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const initials = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  if (url) return <img src={url} alt="" className={cx('size-9 shrink-0 rounded-full object-cover', className)} />;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid size-9 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary',
        className,
      )}
    >
      {initials || '?'}
    </span>
  );
}
