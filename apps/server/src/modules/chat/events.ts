import type { Channel, ChatEvent, Message, UserEvent } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import type { Realtime, SocketUser, TopicAuthority } from '../../core/realtime/gateway.js';
import { AppError } from '../../core/errors.js';
import { isPlatformAdmin, userCards } from '../accounts/read-models.js';
import type { Caller, ChannelAccess } from './access.js';
import { personName } from './channel-views.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const channelTopic = (channelId: string) => `chat:${channelId}`;
export const userTopic = (userId: string) => `user:${userId}`;

/**
 * What chat tells open sockets (decision 033), published after the change committed. Events are
 * the same for every reader: a reaction's `mine` is each reader's to work out from `userId`.
 */
export class ChatEvents {
  constructor(private readonly realtime: Realtime) {}

  message(message: Message): void {
    this.inChannel(message.channelId, {
      kind: 'message',
      message: { ...message, reactions: message.reactions.map((r) => ({ ...r, mine: false })) },
    });
  }

  edited(message: Message): void {
    this.inChannel(message.channelId, {
      kind: 'message.edited',
      messageId: message.id,
      text: message.text,
      editedAt: message.editedAt ?? new Date().toISOString(),
    });
  }

  deleted(channelId: string, messageId: string): void {
    this.inChannel(channelId, { kind: 'message.deleted', messageId });
  }

  /** After a reaction was added or taken back: `message` is the message as it is now. */
  reaction(message: Message, emoji: string, userId: string, added: boolean): void {
    const count = message.reactions.find((r) => r.emoji === emoji)?.count ?? 0;
    this.inChannel(message.channelId, { kind: 'reaction', messageId: message.id, emoji, userId, added, count });
  }

  read(channelId: string, userId: string, messageId: string | null): void {
    this.inChannel(channelId, { kind: 'read', userId, messageId });
  }

  typing(channelId: string, userId: string, name: string): void {
    this.inChannel(channelId, { kind: 'typing', userId, name });
  }

  /** New members hear of it in the channel, and each on their own topic (to subscribe to it). */
  membersAdded(channelId: string, userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    this.inChannel(channelId, { kind: 'members.added', userIds: [...userIds] });
    for (const userId of userIds) this.toUser(userId, { kind: 'channel.joined', channelId });
  }

  /** Removed members' sockets stop hearing the channel (their access is asked again on this event). */
  membersRemoved(channelId: string, userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    this.inChannel(channelId, { kind: 'members.removed', userIds: [...userIds] });
    for (const userId of userIds) this.toUser(userId, { kind: 'channel.left', channelId });
  }

  channelUpdated(channel: Channel): void {
    this.inChannel(channel.id, { kind: 'channel.updated', channel });
  }

  channelDeleted(channelId: string): void {
    this.inChannel(channelId, { kind: 'channel.deleted' });
  }

  notified(userIds: readonly string[], channelId: string, messageId: string): void {
    for (const userId of userIds) this.toUser(userId, { kind: 'notification', channelId, messageId });
  }

  private inChannel(channelId: string, event: ChatEvent): void {
    this.realtime.publish(channelTopic(channelId), event);
  }

  private toUser(userId: string, event: UserEvent): void {
    this.realtime.publish(userTopic(userId), event);
  }
}

/**
 * Who may hear `chat:{channelId}`: whoever may read the channel now (the same `ChannelAccess` as
 * the API, platform admins read fresh). A removal naming the listener, or the channel's deletion,
 * has the socket ask again before it delivers anything more of the channel.
 */
export function chatTopics(db: Database, channels: ChannelAccess, events: ChatEvents): TopicAuthority {
  const callerOf = async (user: SocketUser): Promise<Caller> => ({
    userId: user.userId,
    isAdmin: await isPlatformAdmin(db, user.userId),
  });
  return {
    mayListen: async (user, channelId) => {
      if (!UUID.test(channelId)) return false;
      try {
        await channels.readable(await callerOf(user), channelId);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return false;
        throw error;
      }
    },
    changesAccess: (data, userId) => {
      const event = data as ChatEvent;
      return event.kind === 'channel.deleted' || (event.kind === 'members.removed' && event.userIds.includes(userId));
    },
    typing: async (user, channelId) => {
      if (!UUID.test(channelId)) throw new Error('Not a channel');
      await channels.writable(await callerOf(user), channelId);
      const [person] = await db.select({ name: personName }).from(userCards).where(eq(userCards.id, user.userId));
      events.typing(channelId, user.userId, person?.name ?? '');
    },
  };
}
