import type { QueryClient } from '@tanstack/react-query';
import type { ChatEvent, UserEvent } from '@wharf/contract';
import {
  addMessage,
  addTypist,
  applyReaction,
  patchMessage,
  removeTypist,
  tombstone,
  updateChannelInList,
} from '../api/cache';
import { chatKeys } from '../api/keys';
import type { Channel } from '../api/types';

/** `chat:{id}` → the channel id; null for another kind of topic. */
export function channelOfTopic(topic: string): string | null {
  return topic.startsWith('chat:') ? topic.slice('chat:'.length) : null;
}

export const chatTopic = (channel: string) => `chat:${channel}`;

/** The realtime events of chat, applied to the query cache as if the API had just answered them. */
export function applyRealtimeEvent(
  queryClient: QueryClient,
  topic: string,
  event: ChatEvent | UserEvent,
  me: string | null,
): void {
  const channel = channelOfTopic(topic);
  if (channel === null) {
    applyUserEvent(queryClient, event as UserEvent);
    return;
  }
  const chat = event as ChatEvent;
  switch (chat.kind) {
    case 'message': {
      addMessage(queryClient, chat.message);
      if (chat.message.author) removeTypist(queryClient, channel, chat.message.author.id);
      // Someone else's message is unread until this person's screen marks it read.
      if (chat.message.author?.id !== me) {
        const mentionsMe = me !== null && chat.message.mentions.includes(me);
        updateChannelInList(queryClient, channel, (c) => ({
          ...c,
          unreadCount: c.unreadCount + 1,
          mentionCount: c.mentionCount + (mentionsMe ? 1 : 0),
        }));
      }
      return;
    }
    case 'message.edited':
      patchMessage(queryClient, channel, chat.messageId, (m) => ({ ...m, text: chat.text, editedAt: chat.editedAt }));
      return;
    case 'message.deleted':
      tombstone(queryClient, channel, chat.messageId);
      return;
    case 'reaction':
      applyReaction(queryClient, channel, chat, me);
      return;
    case 'read':
      // Read-by counts change; the reader's own unread counts come with their mark's answer.
      void queryClient.invalidateQueries({ queryKey: chatKeys.metadata(channel) });
      return;
    case 'typing':
      if (chat.userId !== me) addTypist(queryClient, channel, { userId: chat.userId, name: chat.name });
      return;
    case 'members.added':
    case 'members.removed':
      void queryClient.invalidateQueries({ queryKey: chatKeys.members(channel) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
      return;
    case 'channel.updated':
      // The event's counts are whoever changed it's: this reader keeps their own.
      updateChannelInList(queryClient, channel, (mine) => ({
        ...chat.channel,
        member: mine.member,
        unreadCount: mine.unreadCount,
        mentionCount: mine.mentionCount,
        muted: mine.muted,
      }));
      return;
    case 'channel.deleted':
      forgetChannel(queryClient, channel);
      return;
  }
}

function applyUserEvent(queryClient: QueryClient, event: UserEvent) {
  if (event.kind === 'channel.left') forgetChannel(queryClient, event.channelId);
  else void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
}

/** A channel the person can no longer read: out of the list, its messages dropped. */
export function forgetChannel(queryClient: QueryClient, channel: string) {
  queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) => list?.filter((c) => c.id !== channel));
  queryClient.removeQueries({ queryKey: chatKeys.channel(channel) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
}

/** The events since the last one seen are gone: the channel's data is read again. */
export function reloadTopic(queryClient: QueryClient, topic: string) {
  const channel = channelOfTopic(topic);
  void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
  if (channel) void queryClient.resetQueries({ queryKey: chatKeys.channel(channel) });
}
