import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { marksStoreOf } from '../local-marks';
import { cancelPolls, withGroupCount } from './cache';
import { notificationKeys } from './keys';
import type { AppNotification, UnreadCount } from './types';

/**
 * `DELETE /notifications/{id}`. Gone at once and for good in this tab: it is kept in the local set
 * of deleted ids, so a poll answered with stale data never brings it back (SPEC.md section 4). A
 * failed delete brings it back (it is still there).
 */
export function useDeleteNotification() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const marks = marksStoreOf(queryClient);
  return useMutation({
    mutationFn: (notification: AppNotification) => client.deleteNotification({ id: notification.id }),
    onMutate: async (notification) => {
      marks.markDeleted(notification.id);
      await cancelPolls(queryClient, notification.group);
      if (!notification.readAt) {
        queryClient.setQueryData<UnreadCount[]>(
          notificationKeys.unread(),
          (counts) => counts && withGroupCount(counts, notification.group, (n) => n - 1),
        );
      }
    },
    onError: (_error, notification) => marks.unmarkDeleted(notification.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }),
  });
}
