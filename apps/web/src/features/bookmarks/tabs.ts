import type { BookmarkTab, UpdateBookmarkTabsRequest } from '@wharf/contract';
import { NEW_TAB_PREFIX } from '@wharf/contract/shell-constants';

/** SPEC.md section 3: the default tab, which every person has; its id is null. */
export const DEFAULT_TAB_NAME = 'Bookmarks';

/** A tab while the tabs are being edited: saved ones keep their id, new ones carry `new-…`. */
export interface DraftTab {
  id: string;
  name: string;
}

let counter = 0;

/** A client id for a tab not saved yet (SPEC.md section 3: it begins with 'new-'). */
export function newTabId(): string {
  counter += 1;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());
  return `${NEW_TAB_PREFIX}${random}-${counter}`;
}

export function isNewTab(id: string): boolean {
  return id.startsWith(NEW_TAB_PREFIX);
}

/** The person's tabs in their order (1-based sortOrder). */
export function sortTabs(tabs: readonly BookmarkTab[]): BookmarkTab[] {
  return [...tabs].sort((a, b) => a.sortOrder - b.sortOrder);
}

/**
 * The one updateBookmarkTabs body that saves the edited tabs: the whole set in order, new tabs
 * with a null id, sortOrder from 1. Tabs left out are deleted by the server.
 */
export function tabsRequest(draft: readonly DraftTab[]): UpdateBookmarkTabsRequest {
  return {
    tabs: draft.map((tab, index) => ({
      id: isNewTab(tab.id) ? null : tab.id,
      name: tab.name,
      sortOrder: index + 1,
    })),
  };
}

/** `list` with the entry at `from` moved to `to`. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}
