import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { blogSearchString, type BlogCategory } from '../search-string';
import { blogKeys } from './keys';

export function blogListQueryOptions(client: WharfClient, category: BlogCategory, words: string, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: blogKeys.list(category, words, pageSize),
    queryFn: ({ pageParam, signal }) =>
      client.listBlogs(
        {
          search: blogSearchString(words, { category }),
          sortBy: '-createdAt',
          pageSize,
          ...(pageParam ? { pageToken: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    // Keyset paging: the server's opaque token of the last post, null on the last page.
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    staleTime: 60_000,
  });
}

/**
 * `GET /v1/blog/blogs`: the published posts of one category the user may read (the platform's and
 * their projects'), newest first, page by page, filtered by title with `words`.
 */
export function useBlogList(category: BlogCategory, words: string, pageSize: number) {
  return useInfiniteQuery({
    ...blogListQueryOptions(useApiClient(), category, words, pageSize),
    placeholderData: keepPreviousData,
  });
}
