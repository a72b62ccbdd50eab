/**
 * `others` with `item` put at the 1-based `position`; a position past the end puts it last, so a
 * client that counted wrong still gets a contiguous list.
 */
export function placeAt<T>(others: readonly T[], item: T, position: number): T[] {
  const index = Math.min(Math.max(position, 1), others.length + 1) - 1;
  return [...others.slice(0, index), item, ...others.slice(index)];
}

/**
 * The tabs as they will be numbered 1..n: by the sortOrder each was given, ties kept in the order
 * they were sent, so gaps and repeats in the client's numbers cannot survive.
 */
export function inGivenOrder<T extends { sortOrder: number }>(tabs: readonly T[]): T[] {
  return tabs
    .map((tab, index) => ({ tab, index }))
    .sort((a, b) => a.tab.sortOrder - b.tab.sortOrder || a.index - b.index)
    .map(({ tab }) => tab);
}
