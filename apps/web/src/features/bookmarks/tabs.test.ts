import { describe, expect, it } from 'vitest';
import { isNewTab, moveEntry, newTabId, sortTabs, tabsRequest } from './tabs';

const SAVED_A = '7ab00000-0000-4000-8000-00000000000a';
const SAVED_B = '7ab00000-0000-4000-8000-00000000000b';

describe('bookmark tabs', () => {
  it("gives unsaved tabs client ids beginning 'new-', each its own", () => {
    const a = newTabId();
    const b = newTabId();
    expect(a.startsWith('new-')).toBe(true);
    expect(a).not.toBe(b);
    expect(isNewTab(a)).toBe(true);
    expect(isNewTab(SAVED_A)).toBe(false);
  });

  it('saves the whole set in order: new tabs as null, sortOrder from 1', () => {
    expect(
      tabsRequest([
        { id: SAVED_B, name: 'Reports' },
        { id: newTabId(), name: 'Orders' },
        { id: SAVED_A, name: 'Daily' },
      ]),
    ).toEqual({
      tabs: [
        { id: SAVED_B, name: 'Reports', sortOrder: 1 },
        { id: null, name: 'Orders', sortOrder: 2 },
        { id: SAVED_A, name: 'Daily', sortOrder: 3 },
      ],
    });
    expect(tabsRequest([])).toEqual({ tabs: [] });
  });

  it('orders tabs by sortOrder and moves entries', () => {
    expect(
      sortTabs([
        { id: SAVED_B, name: 'B', sortOrder: 2 },
        { id: SAVED_A, name: 'A', sortOrder: 1 },
      ]).map((t) => t.name),
    ).toEqual(['A', 'B']);
    expect(moveEntry(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
