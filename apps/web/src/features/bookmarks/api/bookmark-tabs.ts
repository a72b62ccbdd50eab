import type { BookmarkTab } from '@wharf/contract';
import type { WharfClient } from '@wharf/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { requireProject } from '../no-project';
import { sortTabs, tabsRequest, type DraftTab } from '../tabs';
import { bookmarkKeys } from './keys';
import { emptyWhenRefused } from './refused';

export function bookmarkTabsQueryOptions(client: WharfClient, project: string | undefined) {
  return queryOptions({
    queryKey: bookmarkKeys.tabs(project),
    queryFn: async ({ signal }): Promise<BookmarkTab[]> =>
      sortTabs(await emptyWhenRefused(client.getBookmarkTabs({ project: requireProject(project) }, { signal }))),
    enabled: Boolean(project),
  });
}

/** `GET /v1/projects/{project}/bookmarktabs`: the caller's tabs, by sortOrder (the default tab is not one). */
export function useBookmarkTabsQuery(project: string | undefined) {
  return useQuery(bookmarkTabsQueryOptions(useApiClient(), project));
}

/**
 * `PUT /v1/projects/{project}/bookmarktabs`: saves the edited tabs in one call (new ones created,
 * missing ones deleted with their bookmarks moved to the default tab), then reloads both lists.
 */
export function useSaveBookmarkTabs(project: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: readonly DraftTab[]) =>
      client.updateBookmarkTabs({ project: requireProject(project), updateBookmarkTabsRequest: tabsRequest(draft) }),
    onSuccess: (tabs) => queryClient.setQueryData(bookmarkKeys.tabs(project), sortTabs(tabs)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarkKeys.all(project) }),
  });
}
