import type { SubscriptionUpdate } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';
import type { Channel, ChannelUser } from './types';

/**
 * `PATCH /v1/chat/users/{user}/subscriptions/{channel}`: the caller's notify level and mute of a
 * channel (a subscription's id is its channel's). The list shows the mute at once.
 */
export function useUpdateSubscription(channel: string, user: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SubscriptionUpdate) =>
      client.updateSubscription({ user, subscription: channel, subscriptionUpdate: changes }),
    onSuccess: (entry: ChannelUser) => {
      queryClient.setQueryData<ChannelUser[]>(chatKeys.members(channel), (members) =>
        members?.map((m) => (m.userId === entry.userId ? { ...m, ...entry } : m)),
      );
      const muted = entry.subscription?.muted;
      if (muted !== undefined)
        queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) =>
          list?.map((c) => (c.id === channel ? { ...c, muted } : c)),
        );
    },
  });
}
