/**
 * `useBlogSearch(search)`: published posts whose title holds every word of `search`, for the header
 * search ("blog results by title", SPEC.md section 2) and the support page's search box.
 *
 * - Asks `GET /v1/blog/blogs` with `visibility:published type:parent-platform,project` and the words
 *   (each quoted, so typed `key:value` text is never read as a filter); the server returns only
 *   posts the user may read: the platform's own, and those of projects where they hold `blog.read`.
 * - Nothing is asked while `search` is blank: `data` is then undefined and `fetchStatus` idle.
 * - It does not wait for typing to pause: pass a debounced value (features/lists/use-debounced-value).
 * - `data` is the matching posts, newest first, at most `limit` (default 8). Link each to
 *   `blogPath(post.slug)` (features/blog/paths), the support tutorial page of that slug.
 * - While a new search is on its way, the previous one's posts stay in `data` (`isPlaceholderData`).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { blogSearchString } from '../search-string';
import { blogKeys } from './keys';
import type { Blog } from './types';

/** How many posts a search shows unless told otherwise. */
export const BLOG_SEARCH_LIMIT = 8;

export function blogSearchQueryOptions(client: WharfClient, search: string, limit = BLOG_SEARCH_LIMIT) {
  const words = search.trim().replace(/\s+/g, ' ');
  return queryOptions({
    queryKey: blogKeys.search(words, limit),
    queryFn: async ({ signal }): Promise<Blog[]> =>
      (await client.listBlogs({ search: blogSearchString(words), pageSize: limit }, { signal })).items,
    enabled: words !== '',
    placeholderData: keepPreviousData,
    // Posts change rarely; a search typed again within a minute is answered at once.
    staleTime: 60_000,
  });
}

export function useBlogSearch(search: string, options: { limit?: number } = {}) {
  return useQuery(blogSearchQueryOptions(useApiClient(), search, options.limit));
}
