import { describe, expect, it } from 'vitest';
import { inGivenOrder, placeAt } from './ordering.js';

describe('placing a bookmark in a tab', () => {
  it('puts it at the 1-based position', () => {
    expect(placeAt(['a', 'b', 'c'], 'x', 1)).toEqual(['x', 'a', 'b', 'c']);
    expect(placeAt(['a', 'b', 'c'], 'x', 2)).toEqual(['a', 'x', 'b', 'c']);
    expect(placeAt(['a', 'b', 'c'], 'x', 4)).toEqual(['a', 'b', 'c', 'x']);
  });

  it('clamps a position past either end', () => {
    expect(placeAt(['a', 'b'], 'x', 99)).toEqual(['a', 'b', 'x']);
    expect(placeAt(['a', 'b'], 'x', 0)).toEqual(['x', 'a', 'b']);
    expect(placeAt([], 'x', 5)).toEqual(['x']);
  });
});

describe('the order of tabs as sent', () => {
  it('follows the sortOrder given, ties in the order sent, whatever the gaps', () => {
    const tabs = [
      { name: 'c', sortOrder: 30 },
      { name: 'a', sortOrder: 1 },
      { name: 'b1', sortOrder: 7 },
      { name: 'b2', sortOrder: 7 },
    ];
    expect(inGivenOrder(tabs).map((tab) => tab.name)).toEqual(['a', 'b1', 'b2', 'c']);
    expect(tabs[0]!.name).toBe('c');
  });
});
