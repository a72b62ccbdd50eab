import type { UpdateChannelRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { forgetChannel } from '../realtime/apply-event';
import { updateChannelInList } from './cache';
import { chatKeys } from './keys';
import type { Channel, ChannelUser } from './types';

/**
 * `PATCH /v1/chat/channels/{channel}?project=`: a new name or topic, archived (read-only) or
 * brought back. The answer replaces the channel in the list; its counts stay the caller's.
 */
export function useUpdateChannel(project: string, channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateChannelRequest) =>
      client.updateChannel({ project, channel, updateChannelRequest: changes }),
    onSuccess: (updated: Channel) =>
      updateChannelInList(queryClient, channel, (mine) => ({
        ...updated,
        unreadCount: mine.unreadCount,
        mentionCount: mine.mentionCount,
        muted: mine.muted,
      })),
  });
}

/** `DELETE /v1/chat/channels/{channel}?project=`: the channel and its messages are gone. */
export function useDeleteChannel(project: string, channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.deleteChannel({ project, channel }),
    onSuccess: () => forgetChannel(queryClient, channel),
  });
}

/** `POST /v1/chat/channels/{channel}/users?project=`: members of the project added; answers the members. */
export function useAddChannelUsers(project: string, channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: string[]) => client.addChannelUsers({ project, channel, users: { users } }),
    onSuccess: ({ items }) => {
      // The answer has no subscriptions: keep the caller's own entry's.
      queryClient.setQueryData<ChannelUser[]>(chatKeys.members(channel), (before) =>
        items.map((m) => ({ ...before?.find((b) => b.userId === m.userId), ...m })),
      );
      updateChannelInList(queryClient, channel, (c) => ({ ...c, memberCount: items.length }));
    },
  });
}

/**
 * `DELETE /v1/chat/channels/{channel}/users?project=`: members taken out; with only oneself, leaving
 * the channel (a private one is then no longer readable: it goes from the list).
 */
export function useRemoveChannelUsers(project: string, channel: string, me: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: string[]) => client.removeChannelUsers({ project, channel, users: { users } }),
    onSuccess: (_nothing, users) => {
      if (users.includes(me)) {
        forgetChannel(queryClient, channel);
        return;
      }
      queryClient.setQueryData<ChannelUser[]>(chatKeys.members(channel), (list) =>
        list?.filter((m) => !users.includes(m.userId)),
      );
      updateChannelInList(queryClient, channel, (c) => ({
        ...c,
        memberCount: Math.max(0, c.memberCount - users.length),
      }));
    },
  });
}
