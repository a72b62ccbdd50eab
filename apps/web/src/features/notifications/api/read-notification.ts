import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { cancelPolls, withGroupCount, withReadAt, type NotificationListData } from './cache';
import { notificationKeys } from './keys';
import type { AppNotification, UnreadCount } from './types';

/**
 * `PUT /notifications/{id}/read` on a click (SPEC.md section 4). Shown read at once; a failed call
 * leaves it unread (SPEC.md section 8), and the counts are asked again either way.
 */
export function useReadNotification() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: AppNotification) => client.readNotification({ id: notification.id }),
    onMutate: async (notification) => {
      await cancelPolls(queryClient, notification.group);
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationListData>(
        notificationKeys.list(notification.group),
        (data) => data && withReadAt(data, (item) => item.id === notification.id && !item.readAt, readAt),
      );
      queryClient.setQueryData<UnreadCount[]>(
        notificationKeys.unread(),
        (counts) => counts && withGroupCount(counts, notification.group, (n) => n - 1),
      );
    },
    onError: (_error, notification) => {
      queryClient.setQueryData<NotificationListData>(
        notificationKeys.list(notification.group),
        (data) => data && withReadAt(data, (item) => item.id === notification.id, null),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
}
