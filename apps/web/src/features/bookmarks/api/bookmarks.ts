import type { Bookmark } from '@wharf/contract';
import type { WharfClient } from '@wharf/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { requireProject } from '../no-project';
import { bookmarkKeys } from './keys';
import { emptyWhenRefused } from './refused';

export function bookmarksQueryOptions(client: WharfClient, project: string | undefined) {
  return queryOptions({
    queryKey: bookmarkKeys.list(project),
    queryFn: ({ signal }): Promise<Bookmark[]> =>
      emptyWhenRefused(client.listBookmarks({ project: requireProject(project) }, { signal })),
    enabled: Boolean(project),
  });
}

/**
 * `GET /v1/projects/{project}/bookmarks`: the caller's bookmarks in the project. Loaded only while
 * `enabled` (the panel is open); the header reads whatever is already cached.
 */
export function useBookmarksQuery(project: string | undefined, enabled = true) {
  const options = bookmarksQueryOptions(useApiClient(), project);
  return useQuery({ ...options, enabled: options.enabled && enabled });
}
