import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { usePollOptions, useRefetchWhenVisible } from '../polling';
import { notificationKeys } from './keys';
import type { UnreadCount } from './types';

/**
 * The unread counts of every group the user has: every answer of `GET /notifications` carries them
 * whatever its filter, so the smallest page will do.
 */
export function unreadQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }): Promise<UnreadCount[]> =>
      (await client.listNotifications({ pageSize: 1 }, { signal })).unread,
  });
}

/**
 * The poll of the unread counts (SPEC.md section 7): every 10 s while the page is visible, every
 * 5 min while hidden, at once on becoming visible. Mounted once, at the root (page title); a failed
 * poll keeps the last counts and the next one tries again.
 */
export function useUnreadPoll(enabled: boolean) {
  const query = useQuery({ ...unreadQueryOptions(useApiClient()), enabled, ...usePollOptions(enabled) });
  useRefetchWhenVisible(query.refetch, enabled);
  return query.data;
}

/** The unread counts as last polled, without polling again (the bell and the panel read them). */
export function useUnreadCounts(): UnreadCount[] | undefined {
  return useQuery({ ...unreadQueryOptions(useApiClient()), enabled: false }).data;
}
