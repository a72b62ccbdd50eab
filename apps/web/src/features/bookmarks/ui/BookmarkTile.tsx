import type { Bookmark } from '@wharf/contract';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/Icon';
import { BOOKMARK_COLORS, BOOKMARK_ICONS, DEFAULT_BOOKMARK_ICON } from '../appearance';

/** A bookmark's icon in its colour (the primary tint when it has none). */
export function BookmarkTile({ icon, color, className }: Pick<Bookmark, 'icon' | 'color'> & { className?: string }) {
  const drawn = BOOKMARK_ICONS[icon ?? DEFAULT_BOOKMARK_ICON].icon;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid size-8 shrink-0 place-items-center rounded-md',
        color ? 'text-white' : 'bg-primary-soft text-primary',
        className,
      )}
      style={color ? { backgroundColor: BOOKMARK_COLORS[color].background } : undefined}
    >
      <Icon name={drawn} size={16} />
    </span>
  );
}
