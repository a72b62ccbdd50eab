import type { Bookmark } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  bookmarksOfTab,
  moveDown,
  moveToTab,
  moveUp,
  moveWithinTab,
  planDrop,
  tabDropId,
  tabOfDropId,
} from './ordering';

const TAB = '7ab00000-0000-4000-8000-000000000001';

function bookmark(n: number, tabId: string | null, tabSortOrder: number): Bookmark {
  return {
    id: `b${n}`,
    title: `Bookmark ${n}`,
    data: { route: { name: 'project.dashboard', params: {}, query: { n: String(n) } } },
    description: null,
    color: null,
    icon: null,
    tabId,
    sortOrder: n,
    tabSortOrder,
  };
}

// Default tab: b1, b2, b3 (stored out of order); TAB: b4, b5.
const list = [
  bookmark(2, null, 2),
  bookmark(1, null, 1),
  bookmark(4, TAB, 1),
  bookmark(3, null, 3),
  bookmark(5, TAB, 2),
];
const ids = (bookmarks: Bookmark[]) => bookmarks.map((b) => b.id);

describe('bookmark order', () => {
  it('lists a tab by tabSortOrder', () => {
    expect(ids(bookmarksOfTab(list, null))).toEqual(['b1', 'b2', 'b3']);
    expect(ids(bookmarksOfTab(list, TAB))).toEqual(['b4', 'b5']);
  });

  it('moves up and down within the tab, 1-based, and not past either end', () => {
    expect(moveUp(list, 'b2')).toEqual({ id: 'b2', tabId: null, tabSortOrder: 1 });
    expect(moveDown(list, 'b2')).toEqual({ id: 'b2', tabId: null, tabSortOrder: 3 });
    expect(moveUp(list, 'b1')).toBeNull();
    expect(moveDown(list, 'b3')).toBeNull();
    expect(moveDown(list, 'b4')).toEqual({ id: 'b4', tabId: TAB, tabSortOrder: 2 });
  });

  it('moves to another tab, last there; not to its own', () => {
    expect(moveToTab(list, 'b1', TAB)).toEqual({ id: 'b1', tabId: TAB, tabSortOrder: 3 });
    expect(moveToTab(list, 'b5', null)).toEqual({ id: 'b5', tabId: null, tabSortOrder: 4 });
    expect(moveToTab(list, 'b5', TAB)).toBeNull();
    expect(moveWithinTab(list, 'b1', 0)).toBeNull();
  });

  it('plans a drop: on a bookmark takes its place, on a tab goes last there', () => {
    expect(planDrop(list, 'b1', 'b3')).toEqual({ id: 'b1', tabId: null, tabSortOrder: 3 });
    expect(planDrop(list, 'b3', 'b1')).toEqual({ id: 'b3', tabId: null, tabSortOrder: 1 });
    expect(planDrop(list, 'b2', tabDropId(TAB))).toEqual({ id: 'b2', tabId: TAB, tabSortOrder: 3 });
    expect(planDrop(list, 'b4', tabDropId(null))).toEqual({ id: 'b4', tabId: null, tabSortOrder: 4 });
    expect(planDrop(list, 'b4', tabDropId(TAB))).toBeNull();
    expect(planDrop(list, 'b1', 'b1')).toBeNull();
    expect(planDrop(list, 'b1', null)).toBeNull();
    expect(tabOfDropId('b1')).toBeUndefined();
  });

  it('applies a move at once, renumbering both tabs from 1', () => {
    const within = applyMove(list, { id: 'b3', tabId: null, tabSortOrder: 1 });
    expect(ids(bookmarksOfTab(within, null))).toEqual(['b3', 'b1', 'b2']);
    expect(bookmarksOfTab(within, null).map((b) => b.tabSortOrder)).toEqual([1, 2, 3]);

    const across = applyMove(list, { id: 'b1', tabId: TAB, tabSortOrder: 3 });
    expect(ids(bookmarksOfTab(across, null))).toEqual(['b2', 'b3']);
    expect(bookmarksOfTab(across, null).map((b) => b.tabSortOrder)).toEqual([1, 2]);
    expect(ids(bookmarksOfTab(across, TAB))).toEqual(['b4', 'b5', 'b1']);
    expect(bookmarksOfTab(across, TAB).map((b) => b.tabSortOrder)).toEqual([1, 2, 3]);
    expect(across).toHaveLength(list.length);
  });
});
