import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';
import type { Channel } from './types';

/**
 * `POST /v1/chat/users/{user}/messages/read`: read up to a message (never back). The answer's
 * counts replace the channel's in the list, so the badges drop at once.
 */
export function useMarkRead(user: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channel, message }: { channel: string; message: string }) =>
      client.markMessagesRead({ user, readRequest: { marks: [{ channel, message }] } }),
    onSuccess: ({ items }) => {
      queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) =>
        list?.map((channel) => {
          const state = items.find((s) => s.channelId === channel.id);
          return state ? { ...channel, unreadCount: state.unreadCount, mentionCount: state.mentionCount } : channel;
        }),
      );
    },
  });
}
