import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

/** One page of a storefront list as the API answers it: the token of the next, if there is one. */
interface StorefrontPage {
  nextPageToken?: string | null | undefined;
}

/**
 * A keyset-paged storefront list (orders, customers, enquiries, reviews) as an infinite query. The
 * first page is asked for without a token and each next one with the token the last page gave;
 * while new filters load, the previous answer stays on screen (keepPreviousData), so the list does
 * not blank at each keystroke of a search.
 */
export function usePagedStorefrontList<Page extends StorefrontPage>(
  queryKey: QueryKey,
  fetchPage: (paging: { pageToken?: string }, signal: AbortSignal) => Promise<Page>,
) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey,
      queryFn: ({ pageParam, signal }) => fetchPage(pageParam ? { pageToken: pageParam } : {}, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextPageToken ?? undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The search and From/To instants most storefront lists filter by, without the empty ones: the API
 * reads a parameter that is sent as a filter, so one left blank is left out.
 */
export function searchAndDates(filters: { search: string; start: string | undefined; end: string | undefined }): {
  search?: string;
  start?: string;
  end?: string;
} {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.start ? { start: filters.start } : {}),
    ...(filters.end ? { end: filters.end } : {}),
  };
}
