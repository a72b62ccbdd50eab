/** The parts of a keyset-paged list's infinite query (TanStack's useInfiniteQuery) the console shows. */
export interface PagedQuery {
  isPending: boolean;
  data: unknown;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchNextPageError: boolean;
  isRefetchError: boolean;
  /** True while a new search shows the previous search's pages. */
  isPlaceholderData: boolean;
}

/**
 * The items of every page loaded, in order, each once: pages may overlap when items arrive while
 * the person pages through them.
 */
export function pagedItems<T>(pages: readonly { items: readonly T[] }[] | undefined, keyOf: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const page of pages ?? []) {
    for (const item of page.items) if (!byKey.has(keyOf(item))) byKey.set(keyOf(item), item);
  }
  return [...byKey.values()];
}

/** A new search is on its way: the list still shows the previous one's answer. */
export function isSearching(query: PagedQuery): boolean {
  return query.isFetching && !query.isFetchingNextPage && query.isPlaceholderData;
}
