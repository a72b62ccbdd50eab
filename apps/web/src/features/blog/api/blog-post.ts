import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { isBlogSlug } from '../paths';
import { blogKeys } from './keys';

export function blogPostQueryOptions(client: WharfClient, slug: string) {
  return queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: ({ signal }) => client.getBlog({ blogId: slug }, { signal }),
    // An address no post can have is not asked about (the page says it was not found).
    enabled: isBlogSlug(slug),
    staleTime: 60_000,
  });
}

/** `GET /v1/blog/blogs/{slug}`: one post the user may read; 404 BLOG_NOT_FOUND otherwise. */
export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(useApiClient(), slug));
}
