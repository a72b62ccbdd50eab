import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { cancelPolls, flattenPages, withGroupCount, withReadAt, type NotificationListData } from './cache';
import { notificationKeys } from './keys';
import type { UnreadCount } from './types';

/**
 * `PUT /notifications/read-all?group=`: 'Mark all as read' of the open tab. Shown read at once; a
 * failure puts back what was unread.
 */
export function useReadAllNotifications() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: string) => client.readAllNotifications({ group }),
    onMutate: async (group) => {
      await cancelPolls(queryClient, group);
      const key = notificationKeys.list(group);
      const unread = new Set(
        flattenPages(queryClient.getQueryData<NotificationListData>(key))
          .filter((item) => !item.readAt)
          .map((item) => item.id),
      );
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationListData>(
        key,
        (data) => data && withReadAt(data, (item) => unread.has(item.id), readAt),
      );
      queryClient.setQueryData<UnreadCount[]>(
        notificationKeys.unread(),
        (counts) => counts && withGroupCount(counts, group, () => 0),
      );
      return { unread };
    },
    onError: (_error, group, context) => {
      if (!context) return;
      queryClient.setQueryData<NotificationListData>(
        notificationKeys.list(group),
        (data) => data && withReadAt(data, (item) => context.unread.has(item.id), null),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
}
