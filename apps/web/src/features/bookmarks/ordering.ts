import type { Bookmark } from '@wharf/contract';

/** A bookmark's new place: its tab (null is the default tab) and its 1-based position there. */
export interface BookmarkMove {
  id: string;
  tabId: string | null;
  tabSortOrder: number;
}

/** The bookmarks of one tab (null: the default tab), in their order. */
export function bookmarksOfTab(bookmarks: readonly Bookmark[], tabId: string | null): Bookmark[] {
  return bookmarks
    .filter((bookmark) => bookmark.tabId === tabId)
    .sort((a, b) => a.tabSortOrder - b.tabSortOrder || a.sortOrder - b.sortOrder);
}

function place(bookmarks: readonly Bookmark[], id: string) {
  const bookmark = bookmarks.find((b) => b.id === id);
  if (!bookmark) return undefined;
  const tab = bookmarksOfTab(bookmarks, bookmark.tabId);
  return { bookmark, tab, index: tab.findIndex((b) => b.id === id) };
}

/** To `index` (0-based) of its own tab; null when that is where it is, or no such bookmark. */
export function moveWithinTab(bookmarks: readonly Bookmark[], id: string, index: number): BookmarkMove | null {
  const at = place(bookmarks, id);
  if (!at) return null;
  const target = Math.min(Math.max(index, 0), at.tab.length - 1);
  if (target === at.index) return null;
  return { id, tabId: at.bookmark.tabId, tabSortOrder: target + 1 };
}

/** One place up in its tab; null for the first. */
export function moveUp(bookmarks: readonly Bookmark[], id: string): BookmarkMove | null {
  const at = place(bookmarks, id);
  return at && at.index > 0 ? moveWithinTab(bookmarks, id, at.index - 1) : null;
}

/** One place down in its tab; null for the last. */
export function moveDown(bookmarks: readonly Bookmark[], id: string): BookmarkMove | null {
  const at = place(bookmarks, id);
  return at && at.index < at.tab.length - 1 ? moveWithinTab(bookmarks, id, at.index + 1) : null;
}

/** To the end of another tab; null when it is in that tab already. */
export function moveToTab(bookmarks: readonly Bookmark[], id: string, tabId: string | null): BookmarkMove | null {
  const at = place(bookmarks, id);
  if (!at || at.bookmark.tabId === tabId) return null;
  return { id, tabId, tabSortOrder: bookmarksOfTab(bookmarks, tabId).length + 1 };
}

/** The list as it will be after `move` (what the panel shows until the server's list arrives). */
export function applyMove(bookmarks: readonly Bookmark[], move: BookmarkMove): Bookmark[] {
  const moving = bookmarks.find((b) => b.id === move.id);
  if (!moving) return [...bookmarks];
  const from = moving.tabId;
  const rest = bookmarks.filter((b) => b.id !== move.id);
  const target = bookmarksOfTab(rest, move.tabId);
  const index = Math.min(Math.max(move.tabSortOrder - 1, 0), target.length);
  target.splice(index, 0, { ...moving, tabId: move.tabId });
  const renumbered = new Map<string, Bookmark>();
  target.forEach((b, i) => renumbered.set(b.id, { ...b, tabSortOrder: i + 1 }));
  if (from !== move.tabId) {
    bookmarksOfTab(rest, from).forEach((b, i) => renumbered.set(b.id, { ...b, tabSortOrder: i + 1 }));
  }
  return [...rest, { ...moving, tabId: move.tabId }].map((b) => renumbered.get(b.id) ?? b);
}

/** The drop target of a tab in the tab row (the default tab's is `tab:default`). */
export function tabDropId(tabId: string | null): string {
  return `tab:${tabId ?? 'default'}`;
}

/** The tab a drop target stands for; undefined when the target is a bookmark. */
export function tabOfDropId(id: string): string | null | undefined {
  if (!id.startsWith('tab:')) return undefined;
  const tab = id.slice('tab:'.length);
  return tab === 'default' ? null : tab;
}

/**
 * What dropping the dragged bookmark on `overId` does: on a tab of the tab row it goes last there;
 * on another bookmark of its tab it takes that one's place. Null when nothing changes.
 */
export function planDrop(bookmarks: readonly Bookmark[], activeId: string, overId: string | null): BookmarkMove | null {
  if (overId === null || overId === activeId) return null;
  const tab = tabOfDropId(overId);
  if (tab !== undefined) return moveToTab(bookmarks, activeId, tab);
  const active = place(bookmarks, activeId);
  const over = place(bookmarks, overId);
  if (!active || !over || active.bookmark.tabId !== over.bookmark.tabId) return null;
  return moveWithinTab(bookmarks, activeId, over.index);
}
