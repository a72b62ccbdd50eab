import type { ChannelUser, operations, SubscriptionUpdate } from '@wharf/contract';
import { and, asc, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PermissionResolver } from '../access/service.js';
import { userCards } from '../accounts/read-models.js';
import { memberProjectsOf } from '../projects/members.js';
import { callerOf, type Caller, type ChannelAccess, type ChannelAccessed } from './access.js';
import { channelUsers, channelViews, personName } from './channel-views.js';
import { channelNotFound, messageNotFound } from './errors.js';
import { chatChannels, chatMembers, chatMessages, chatReactions } from './schema.js';
import type { ChatEvents } from './events.js';

type SubscriptionOperations = Pick<
  typeof operations,
  | 'getChannelUser'
  | 'updateChannelUser'
  | 'updateSubscription'
  | 'getChatUser'
  | 'getMessagesMetadata'
  | 'markMessagesRead'
>;

export interface SubscriptionDeps {
  db: Database;
  clock: Clock;
  channels: ChannelAccess;
  permissions: Pick<PermissionResolver, 'has'>;
  events: ChatEvents;
}

/** Someone the caller may not see, or a `/users/{user}` call about someone else: either way, nobody there. */
const userNotFound = () => notFound('There is no such user.', 'USER_NOT_FOUND');
const channelUserNotFound = () =>
  new AppError(404, 'CHANNEL_USER_NOT_FOUND', 'This person is not a member of this channel.');
const invalidMessage = () => badRequest('Name a message of this channel.', 'INVALID_MESSAGE');

/**
 * Subscriptions (how a member hears of a channel, and how far they read), read state and the people
 * of chat (issue 21, decision 032). Only one's own subscription and read state can be changed.
 */
export function subscriptionHandlers(deps: SubscriptionDeps): Handlers<SubscriptionOperations> {
  const { db, clock, channels } = deps;

  /** The `/users/{user}` calls speak of the caller only; naming anyone else says nothing of them. */
  const callerNamed = async (request: FastifyRequest, userId: string): Promise<Caller> => {
    const caller = await callerOf(request, db);
    if (caller.userId !== userId) throw userNotFound();
    return caller;
  };

  /** One member of the channel as the caller sees them: their subscription only when it is the caller's. */
  const channelUser = async (channelId: string, callerId: string, userId: string): Promise<ChannelUser> => {
    const [user] = await channelUsers(db, channelId, callerId, true, userId);
    if (!user) throw channelUserNotFound();
    return user;
  };

  /**
   * Changes the caller's subscription to a channel they may read. Reading up to a message may move
   * back ("mark as unread"). In an open or support channel, someone who is not a member yet becomes
   * one. Answers their entry with the subscription.
   */
  const updateOwn = async (caller: Caller, { channel, member }: ChannelAccessed, body: SubscriptionUpdate) => {
    const now = clock.now();
    let read: { lastReadSeq: number; lastReadAt: Date } | undefined;
    if (body.lastReadMessageId !== undefined) {
      const [message] = await db
        .select({ seq: chatMessages.seq })
        .from(chatMessages)
        .where(and(eq(chatMessages.channelId, channel.id), eq(chatMessages.id, body.lastReadMessageId)));
      if (!message) throw invalidMessage();
      read = { lastReadSeq: message.seq, lastReadAt: now };
    }
    const changes = {
      ...(body.notify !== undefined ? { notify: body.notify } : {}),
      ...(body.muted !== undefined ? { muted: body.muted } : {}),
      ...read,
    };
    if (member) {
      // Taken out of the channel since the check, they change nothing and are answered as not there.
      await db
        .update(chatMembers)
        .set(changes)
        .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.userId, caller.userId)));
    } else {
      await db.transaction(async (tx) => {
        await lockChannels(tx, [channel.id]);
        await tx
          .insert(chatMembers)
          .values({ channelId: channel.id, userId: caller.userId, joinedAt: now, ...changes })
          .onConflictDoUpdate({ target: [chatMembers.channelId, chatMembers.userId], set: changes });
      });
    }
    const user = await channelUser(channel.id, caller.userId, caller.userId);
    // Read-by counts of the others change with it.
    if (read) deps.events.read(channel.id, caller.userId, user.subscription?.lastReadMessageId ?? null);
    return user;
  };

  return {
    getChannelUser: async ({ params, query }, request) => {
      const caller = await callerOf(request, db);
      await channels.readable(caller, params.channel, query.project);
      return channelUser(params.channel, caller.userId, params.user);
    },

    updateChannelUser: async ({ params, query, body }, request) => {
      const caller = await callerOf(request, db);
      const accessed = await channels.readable(caller, params.channel, query.project);
      if (params.user !== caller.userId) throw forbidden('Only your own subscription can be changed.');
      return updateOwn(caller, accessed, body);
    },

    updateSubscription: async ({ params, body }, request) => {
      const caller = await callerNamed(request, params.user);
      // A subscription's id is its channel's.
      return updateOwn(caller, await channels.readable(caller, params.subscription), body);
    },

    getChatUser: async ({ params }, request) => {
      const caller = await callerOf(request, db);
      let where = eq(userCards.id, params.user);
      // Platform admins answer every project's support, so they may see anyone; others, those they share a project with.
      if (!caller.isAdmin && params.user !== caller.userId) {
        const mine = memberProjectsOf(caller.userId);
        const projectIds = (await db.select({ id: mine.id }).from(mine)).map((row) => row.id);
        if (projectIds.length === 0) throw userNotFound();
        const theirs = memberProjectsOf(params.user);
        where = and(where, exists(db.select({ id: theirs.id }).from(theirs).where(inArray(theirs.id, projectIds))))!;
      }
      const [person] = await db
        .select({ id: userCards.id, name: personName, email: userCards.email, avatar: userCards.avatar })
        .from(userCards)
        .where(where);
      if (!person) throw userNotFound();
      return person;
    },

    markMessagesRead: async ({ params, body }, request) => {
      const caller = await callerNamed(request, params.user);
      const channelIds = body.marks.map((mark) => mark.channel);
      const messageIds = body.marks.map((mark) => mark.message);
      // Every channel named, the caller's membership, and the named messages found in it: one statement.
      const rows = await db
        .select({
          channel: chatChannels,
          member: chatMembers,
          message: { id: chatMessages.id, seq: chatMessages.seq },
        })
        .from(chatChannels)
        .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, caller.userId)))
        .leftJoin(chatMessages, and(eq(chatMessages.channelId, chatChannels.id), inArray(chatMessages.id, messageIds)))
        .where(inArray(chatChannels.id, channelIds));
      const found = new Map<string, ChannelAccessed & { seqOf: Map<string, number> }>();
      for (const { channel, member, message } of rows) {
        const entry = found.get(channel.id) ?? { channel, member: member ?? undefined, seqOf: new Map() };
        if (message) entry.seqOf.set(message.id, message.seq);
        found.set(channel.id, entry);
      }
      // All checked before anything is written: one mark refused refuses them all.
      const marks = [];
      for (const mark of body.marks) {
        const entry = found.get(mark.channel);
        if (!entry || !(await channels.mayRead(caller, entry))) throw channelNotFound();
        const seq = entry.seqOf.get(mark.message);
        if (seq === undefined) throw messageNotFound();
        marks.push({ channelId: mark.channel, messageId: mark.message, seq, member: entry.member !== undefined });
      }
      const now = clock.now();
      const members = marks.filter((mark) => mark.member);
      const joining = marks.filter((mark) => !mark.member);
      const readIds = members.map((mark) => mark.messageId);
      const joinIds = joining.map((mark) => mark.channelId);
      await db.transaction(async (tx) => {
        if (members.length > 0) {
          // Never back: a later mark, from another tab or device, stands.
          await tx
            .update(chatMembers)
            .set({ lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${chatMessages.seq})`, lastReadAt: now })
            .from(chatMessages)
            .where(
              and(
                inArray(chatMessages.id, readIds),
                eq(chatMembers.channelId, chatMessages.channelId),
                eq(chatMembers.userId, caller.userId),
              ),
            );
        }
        if (joining.length > 0) {
          // Reading an open or support channel one has not joined joins it.
          await lockChannels(tx, joinIds);
          await tx
            .insert(chatMembers)
            .values(
              joining.map((mark) => ({
                channelId: mark.channelId,
                userId: caller.userId,
                joinedAt: now,
                lastReadSeq: mark.seq,
                lastReadAt: now,
              })),
            )
            .onConflictDoUpdate({
              target: [chatMembers.channelId, chatMembers.userId],
              set: { lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, excluded.last_read_seq)`, lastReadAt: now },
            });
        }
      });
      // The counts as the channel list shows them, and the message each read position is at.
      const views = new Map(
        (await channelViews(db, caller, inArray(chatChannels.id, channelIds))).map((view) => [view.id, view]),
      );
      const positions = await db
        .select({ channelId: chatMembers.channelId, messageId: chatMessages.id })
        .from(chatMembers)
        .leftJoin(
          chatMessages,
          and(eq(chatMessages.channelId, chatMembers.channelId), eq(chatMessages.seq, chatMembers.lastReadSeq)),
        )
        .where(and(eq(chatMembers.userId, caller.userId), inArray(chatMembers.channelId, channelIds)));
      const readUpTo = new Map(positions.map((row) => [row.channelId, row.messageId]));
      for (const [channelId, messageId] of readUpTo) deps.events.read(channelId, caller.userId, messageId ?? null);
      return {
        // A channel deleted meanwhile has no read state left to tell.
        items: channelIds.flatMap((channelId) => {
          const view = views.get(channelId);
          if (!view) return [];
          return [
            {
              channelId,
              lastReadMessageId: readUpTo.get(channelId) ?? null,
              unreadCount: view.unreadCount,
              mentionCount: view.mentionCount,
            },
          ];
        }),
      };
    },

    getMessagesMetadata: async ({ params, body }, request) => {
      const caller = await callerNamed(request, params.user);
      // The messages, their channels and the caller's membership of each: one statement.
      const rows = await db
        .select({
          message: { id: chatMessages.id, deletedAt: chatMessages.deletedAt },
          channel: chatChannels,
          member: chatMembers,
        })
        .from(chatMessages)
        .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
        .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, caller.userId)))
        .where(inArray(chatMessages.id, body.messages));
      // Asked once per channel, the permissions from the resolver's cache.
      const readable = new Map<string, boolean>();
      const shown = new Map<string, { deleted: boolean }>();
      for (const { message, channel, member } of rows) {
        let may = readable.get(channel.id);
        if (may === undefined) {
          may = await channels.mayRead(caller, { channel, member: member ?? undefined });
          readable.set(channel.id, may);
        }
        if (may) shown.set(message.id, { deleted: message.deletedAt !== null });
      }
      if (shown.size === 0) return { items: [] };
      const shownIds = [...shown.keys()];
      // Members other than the author who read at least up to it (an author whose account is gone: everyone).
      const counts = await db
        .select({ messageId: chatMessages.id, readBy: sql<number>`count(*)`.mapWith(Number) })
        .from(chatMessages)
        .innerJoin(
          chatMembers,
          and(
            eq(chatMembers.channelId, chatMessages.channelId),
            gte(chatMembers.lastReadSeq, chatMessages.seq),
            sql`${chatMembers.userId} is distinct from ${chatMessages.authorId}`,
          ),
        )
        .where(inArray(chatMessages.id, shownIds))
        .groupBy(chatMessages.id);
      const readBy = new Map(counts.map((row) => [row.messageId, row.readBy]));
      // A tombstone's reactions are gone with what it said.
      const live = shownIds.filter((id) => !shown.get(id)!.deleted);
      const reactions =
        live.length === 0
          ? []
          : await db
              .select({ messageId: chatReactions.messageId, emoji: chatReactions.emoji })
              .from(chatReactions)
              .where(and(eq(chatReactions.userId, caller.userId), inArray(chatReactions.messageId, live)))
              .orderBy(asc(chatReactions.createdAt), asc(chatReactions.emoji));
      const mine = new Map<string, string[]>();
      for (const { messageId, emoji } of reactions) mine.set(messageId, [...(mine.get(messageId) ?? []), emoji]);
      return {
        // In the order asked.
        items: body.messages.flatMap((messageId) =>
          shown.has(messageId)
            ? [{ messageId, readBy: readBy.get(messageId) ?? 0, myReactions: mine.get(messageId) ?? [] }]
            : [],
        ),
      };
    },
  };
}

/**
 * Holds the channels against deletion until the transaction ends, before joining them: one deleted
 * since its check is not there (404), rather than a membership of nothing.
 */
async function lockChannels(tx: Executor, channelIds: readonly string[]) {
  const locked = await tx
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(inArray(chatChannels.id, [...channelIds]))
    .for('share');
  if (locked.length !== new Set(channelIds).size) throw channelNotFound();
}
