import type { operations } from '@wharf/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { forbidden } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import type { fileCards } from '../drive/file-cards.js';
import { callerOf, type Caller, type ChannelAccess, type ChannelRow } from './access.js';
import { channelArchived, invalidAttachment, invalidMention, invalidReply, messageDeleted } from './errors.js';
import { messagePage } from './message-pages.js';
import { loadMessage, messageOf, toMessages } from './message-views.js';
import { chatChannels, chatMembers, chatMessages, chatReactions } from './schema.js';
import type { ChatEvents } from './events.js';
import { notifyOfMessage } from './notify.js';
import type { NotificationService } from '../notifications/service.js';
import type { PermissionResolver } from '../access/service.js';

type MessageOperations = Pick<
  typeof operations,
  'createMessage' | 'listMessages' | 'getMessage' | 'updateMessage' | 'deleteMessage' | 'addReaction' | 'removeReaction'
>;

export interface MessageDeps {
  db: Database;
  clock: Clock;
  channels: ChannelAccess;
  /** The drive's cards of files of a project (attachments). */
  files: { cards: typeof fileCards };
  events: ChatEvents;
  notifications: NotificationService;
  permissions: Pick<PermissionResolver, 'has'>;
}

/** Messages of a channel and their reactions (issue 21, decision 032). */
export function messageHandlers(deps: MessageDeps): Handlers<MessageOperations> {
  const { db, clock, channels, events } = deps;

  /**
   * Refuses the message unless everyone it mentions may read the channel: a member of its project
   * holding `chat.read`, and of the channel itself when it is private or direct. Their memberships
   * come in one query; the permissions from the resolver (cached).
   */
  const checkMentions = async (channel: ChannelRow, mentions: readonly string[]) => {
    if (mentions.length === 0) return;
    const members = await db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.channelId, channel.id), inArray(chatMembers.userId, [...mentions])));
    const memberOf = new Map(members.map((member) => [member.userId, member]));
    for (const userId of mentions) {
      // Platform staff are not named here: a mention is of the project's people.
      const mentioned: Caller = { userId, isAdmin: false };
      if (!(await channels.mayRead(mentioned, { channel, member: memberOf.get(userId) }))) throw invalidMention();
    }
  };

  /** A message the caller may change: of the channel, not deleted (409 once it is). */
  const liveMessage = async (tx: Executor, channelId: string, messageId: string, lock?: 'share' | 'update') => {
    const message = await messageOf(tx, channelId, messageId, lock);
    if (message.deletedAt) throw messageDeleted();
    return message;
  };

  const view = (channel: ChannelRow, caller: Caller, messageId: string) =>
    loadMessage(db, deps, channel.projectId, caller.userId, channel.id, messageId);

  return {
    createMessage: async ({ params, query, body }, request) => {
      const caller = await callerOf(request, db);
      // Permissions are read before the transaction: the resolver reads on its own connection.
      const { channel } = await channels.writable(caller, params.channel, query.project);
      await checkMentions(channel, body.mentions);
      // A platform admin answering a project's support conversation (not one of the project's people).
      const byStaff =
        channel.kind === 'support' &&
        caller.isAdmin &&
        !(await deps.permissions.has(channel.projectId, caller.userId, 'chat.read'));
      const now = clock.now();
      const { id, notified } = await db.transaction(async (tx) => {
        const cards = await deps.files.cards(tx, channel.projectId, body.attachments);
        if (cards.length !== body.attachments.length) throw invalidAttachment();
        if (body.replyTo !== undefined) {
          const [answered] = await tx
            .select({ id: chatMessages.id })
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.channelId, channel.id),
                eq(chatMessages.id, body.replyTo),
                isNull(chatMessages.deletedAt),
              ),
            );
          if (!answered) throw invalidReply();
        }
        // Locks the channel and takes its next number: one gapless order whatever the servers'
        // clocks. Archived since the check above (or deleted), it takes nothing.
        const [numbered] = await tx
          .update(chatChannels)
          .set({ lastSeq: sql`${chatChannels.lastSeq} + 1`, lastMessageAt: now })
          .where(and(eq(chatChannels.id, channel.id), isNull(chatChannels.archivedAt)))
          .returning({ seq: chatChannels.lastSeq });
        if (!numbered) throw channelArchived();
        const [row] = await tx
          .insert(chatMessages)
          .values({
            channelId: channel.id,
            seq: numbered.seq,
            authorId: caller.userId,
            text: body.text,
            mentions: body.mentions,
            attachments: body.attachments,
            replyTo: body.replyTo ?? null,
            createdAt: now,
          })
          .returning({ id: chatMessages.id });
        // Posting in an open or support channel joins it; and one has read what one just wrote.
        await tx
          .insert(chatMembers)
          .values({
            channelId: channel.id,
            userId: caller.userId,
            joinedAt: now,
            lastReadSeq: numbered.seq,
            lastReadAt: now,
          })
          .onConflictDoUpdate({
            target: [chatMembers.channelId, chatMembers.userId],
            set: { lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${numbered.seq})`, lastReadAt: now },
          });
        const posted = { id: row!.id, authorId: caller.userId, text: body.text, mentions: body.mentions };
        return { id: row!.id, notified: await notifyOfMessage(tx, deps.notifications, channel, posted, byStaff) };
      });
      const message = await view(channel, caller, id);
      events.message(message);
      events.notified(notified, channel.id, id);
      return message;
    },

    listMessages: async ({ params, query }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.readable(caller, params.channel);
      const page = await messagePage(db, channel.id, query);
      return {
        items: await toMessages(db, deps, channel.projectId, caller.userId, page.rows),
        hasOlder: page.hasOlder,
        hasNewer: page.hasNewer,
      };
    },

    getMessage: async ({ params }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.readable(caller, params.channel);
      return view(channel, caller, params.message);
    },

    updateMessage: async ({ params, body }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.writable(caller, params.channel);
      await db.transaction(async (tx) => {
        const message = await messageOf(tx, channel.id, params.message, 'update');
        if (message.authorId !== caller.userId) throw forbidden('Only its author may edit a message.');
        if (message.deletedAt) throw messageDeleted();
        await tx
          .update(chatMessages)
          .set({ text: body.text, editedAt: clock.now() })
          .where(eq(chatMessages.id, message.id));
      });
      const edited = await view(channel, caller, params.message);
      events.edited(edited);
      return edited;
    },

    deleteMessage: async ({ params }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.writable(caller, params.channel);
      const found = await messageOf(db, channel.id, params.message);
      const byModerator = found.authorId !== caller.userId;
      if (byModerator && !(await channels.moderates(caller, channel))) {
        throw forbidden('Only its author, or those who moderate the chat, may delete a message.');
      }
      await db.transaction(async (tx) => {
        // Locked and checked again: deleted twice at once, the second is refused.
        const message = await liveMessage(tx, channel.id, params.message, 'update');
        // A tombstone keeps its place (number, author, time) and nothing of what it said.
        await tx
          .update(chatMessages)
          .set({ text: '', mentions: [], attachments: [], deletedAt: clock.now() })
          .where(eq(chatMessages.id, message.id));
        await tx.delete(chatReactions).where(eq(chatReactions.messageId, message.id));
        await recordAudit(tx, request, {
          projectId: channel.projectId,
          target: `message:${message.id}`,
          details: { channelId: channel.id, byModerator },
        });
      });
      events.deleted(channel.id, params.message);
      return undefined;
    },

    addReaction: async ({ params, body }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.writable(caller, params.channel);
      const added = await db.transaction(async (tx) => {
        // A shared lock: reactions come in side by side, a deletion waits for them (and removes them).
        await liveMessage(tx, channel.id, params.message, 'share');
        const inserted = await tx
          .insert(chatReactions)
          .values({ messageId: params.message, userId: caller.userId, emoji: body.emoji, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning({ emoji: chatReactions.emoji });
        return inserted.length > 0;
      });
      const reacted = await view(channel, caller, params.message);
      if (added) events.reaction(reacted, body.emoji, caller.userId, true);
      return reacted;
    },

    removeReaction: async ({ params, body }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.writable(caller, params.channel);
      await liveMessage(db, channel.id, params.message);
      // Taking back a reaction one does not have changes nothing.
      const removed = await db
        .delete(chatReactions)
        .where(
          and(
            eq(chatReactions.messageId, params.message),
            eq(chatReactions.userId, caller.userId),
            eq(chatReactions.emoji, body.emoji),
          ),
        )
        .returning({ emoji: chatReactions.emoji });
      const unreacted = await view(channel, caller, params.message);
      if (removed.length > 0) events.reaction(unreacted, body.emoji, caller.userId, false);
      return unreacted;
    },
  };
}
