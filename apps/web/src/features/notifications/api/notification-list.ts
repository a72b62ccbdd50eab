import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { PAGE_SIZE } from '../constants';
import { usePollOptions, useRefetchWhenVisible } from '../polling';
import { notificationKeys } from './keys';

export function notificationListQueryOptions(client: WharfClient, queryClient: QueryClient, group: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(group),
    queryFn: async ({ pageParam, signal }) => {
      const page = await client.listNotifications(
        { group, pageSize: PAGE_SIZE, ...(pageParam ? { pageToken: pageParam } : {}) },
        { signal },
      );
      // Every answer carries the unread counts of all groups: the bell gets them as fresh as the list.
      queryClient.setQueryData(notificationKeys.unread(), page.unread);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    // Keyset paging: the server's opaque token, null on the last page.
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/**
 * `GET /notifications?group=`: one tab's notifications, newest first, a page of 20 at a time as the
 * list's window asks for them. Polled like the counts while the tab is open; a failed poll keeps
 * what was shown.
 */
export function useNotificationList(group: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...notificationListQueryOptions(useApiClient(), queryClient, group),
    ...usePollOptions(true),
  });
  useRefetchWhenVisible(query.refetch, true);
  return query;
}

/**
 * Forgets all but the first page of a tab's list (the tab closed: its window starts at the top next
 * time), so reopening it refetches one page rather than every page scrolled through.
 */
export function keepFirstPage(queryClient: QueryClient, group: string): void {
  queryClient.setQueryData<{ pages: unknown[]; pageParams: unknown[] }>(notificationKeys.list(group), (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
