import type { BookmarkColor, BookmarkIcon } from '@wharf/contract';
import type { IconName } from '../../ui/Icon';

/**
 * The colours a bookmark may take (the contract's BookmarkColor), for its icon tile. Each carries
 * a white icon with a contrast of at least 3:1 (non-text contrast), in both themes.
 */
export const BOOKMARK_COLORS: Record<BookmarkColor, { label: string; background: string }> = {
  gray: { label: 'Grey', background: '#4b5563' },
  red: { label: 'Red', background: '#c81e1e' },
  orange: { label: 'Orange', background: '#c2410c' },
  yellow: { label: 'Yellow', background: '#a16207' },
  green: { label: 'Green', background: '#15803d' },
  teal: { label: 'Teal', background: '#0f766e' },
  blue: { label: 'Blue', background: '#1d4ed8' },
  purple: { label: 'Purple', background: '#7e22ce' },
  pink: { label: 'Pink', background: '#be185d' },
};

/** The icons a bookmark may show (the contract's BookmarkIcon), as the console draws them. */
export const BOOKMARK_ICONS: Record<BookmarkIcon, { label: string; icon: IconName }> = {
  bookmark: { label: 'Bookmark', icon: 'bookmark' },
  star: { label: 'Star', icon: 'star' },
  flag: { label: 'Flag', icon: 'flag' },
  heart: { label: 'Heart', icon: 'heart' },
  bolt: { label: 'Bolt', icon: 'bolt' },
  box: { label: 'Box', icon: 'modules' },
  chart: { label: 'Chart', icon: 'chart' },
  users: { label: 'People', icon: 'users' },
  cog: { label: 'Cog', icon: 'settings' },
};

/** A bookmark with no icon of its own shows this one. */
export const DEFAULT_BOOKMARK_ICON: BookmarkIcon = 'bookmark';
