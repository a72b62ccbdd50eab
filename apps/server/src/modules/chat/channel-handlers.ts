import type { operations } from '@wharf/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { badRequest, forbidden } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PermissionResolver } from '../access/service.js';
import { memberProjectsOf } from '../projects/members.js';
import { callerOf, type Caller, type ChannelAccess, type ChannelRow } from './access.js';
import {
  assertProjectMembers,
  channelUsers,
  channelView,
  channelViews,
  directChannelFixed,
  readableChannels,
  supportChannelFixed,
} from './channel-views.js';
import { channelArchived } from './errors.js';
import { chatChannels, chatMembers } from './schema.js';
import type { ChatEvents } from './events.js';

type ChannelOperations = Pick<
  typeof operations,
  | 'createChannel'
  | 'listChannels'
  | 'getChannel'
  | 'updateChannel'
  | 'deleteChannel'
  | 'listChannelUsers'
  | 'addChannelUsers'
  | 'removeChannelUsers'
>;

export interface ChannelDeps {
  db: Database;
  clock: Clock;
  channels: ChannelAccess;
  /** Which of the caller's projects let them read chat (the channel list spans them all). */
  permissions: Pick<PermissionResolver, 'has'>;
  events: ChatEvents;
}

const notCreator = () =>
  forbidden("Only the channel's creator, or someone who manages the project's chat, may do this.");

/** Channels, their members and who may change them (decision 032). */
export function channelHandlers(deps: ChannelDeps): Handlers<ChannelOperations> {
  const { db, clock, channels, events } = deps;

  /** Archiving, renaming, deleting and removing others: the channel's creator, or a moderator. */
  const assertCreatorOrModerator = async (caller: Caller, channel: ChannelRow) => {
    if (channel.createdBy === caller.userId) return;
    if (!(await channels.moderates(caller, channel))) throw notCreator();
  };

  /** Makes people members (those already members stay as they were); answers who was added. */
  const addMembers = async (tx: Executor, channelId: string, userIds: readonly string[], now: Date) => {
    if (userIds.length === 0) return [];
    const added = await tx
      .insert(chatMembers)
      .values(userIds.map((userId) => ({ channelId, userId, joinedAt: now })))
      .onConflictDoNothing()
      .returning({ userId: chatMembers.userId });
    return added.map((row) => row.userId);
  };

  /**
   * A channel made once per key (a direct conversation's people, the project's support): the new row,
   * or, when one is there already (asked before, or by someone at the same moment), that one. The
   * insert skips the unique conflict rather than failing, so the transaction goes on and reads the
   * winner, which PostgreSQL has waited to see committed.
   */
  const insertOnce = async (
    tx: Executor,
    values: typeof chatChannels.$inferInsert,
    existing: () => Promise<string>,
  ) => {
    const [row] = await tx.insert(chatChannels).values(values).onConflictDoNothing().returning({ id: chatChannels.id });
    return row ? { id: row.id, created: true } : { id: await existing(), created: false };
  };

  const findId = async (tx: Executor, where: ReturnType<typeof and>) => {
    const [row] = await tx.select({ id: chatChannels.id }).from(chatChannels).where(where).limit(1);
    if (!row) throw new Error('the channel that conflicted is gone');
    return row.id;
  };

  return {
    createChannel: async ({ query, body }, request) => {
      const caller = await callerOf(request, db);
      const projectId = query.project;
      const now = clock.now();
      const base = { projectId, createdBy: caller.userId, createdAt: now, updatedAt: now };

      if (body.kind === 'open' || body.kind === 'private') {
        const users = body.users.filter((id) => id !== caller.userId);
        await assertProjectMembers(db, projectId, users);
        const { id, added } = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(chatChannels)
            .values({ ...base, kind: body.kind, name: body.name, topic: body.topic })
            .returning({ id: chatChannels.id });
          const added = await addMembers(tx, row!.id, [caller.userId, ...users], now);
          await recordAudit(tx, request, {
            target: `channel:${row!.id}`,
            details: { kind: body.kind, name: body.name, users },
          });
          return { id: row!.id, added };
        });
        events.membersAdded(id, added);
        return channelView(db, caller, id);
      }

      if (body.kind === 'direct') {
        const users = body.users.filter((id) => id !== caller.userId);
        if (users.length === 0) {
          throw badRequest('Name someone other than yourself to talk to.', 'DIRECT_NEEDS_OTHERS');
        }
        await assertProjectMembers(db, projectId, users);
        const people = [caller.userId, ...users].sort();
        const directKey = people.join(',');
        const { id, added } = await db.transaction(async (tx) => {
          const { id, created } = await insertOnce(tx, { ...base, kind: 'direct', name: '', directKey }, () =>
            findId(tx, and(eq(chatChannels.projectId, projectId), eq(chatChannels.directKey, directKey))),
          );
          // Asking again brings back into the conversation whoever of its people had left it.
          const added = await addMembers(tx, id, people, now);
          await recordAudit(tx, request, { target: `channel:${id}`, details: { kind: 'direct', users, created } });
          return { id, added };
        });
        events.membersAdded(id, added);
        return channelView(db, caller, id);
      }

      const id = await db.transaction(async (tx) => {
        const { id, created } = await insertOnce(tx, { ...base, kind: 'support', name: 'Support' }, () =>
          findId(tx, and(eq(chatChannels.projectId, projectId), eq(chatChannels.kind, 'support'))),
        );
        if (created) await addMembers(tx, id, [caller.userId], now);
        await recordAudit(tx, request, { target: `channel:${id}`, details: { kind: 'support', created } });
        return id;
      });
      return channelView(db, caller, id);
    },

    listChannels: async (_input, request) => {
      const caller = await callerOf(request, db);
      const mine = memberProjectsOf(caller.userId);
      const projects = await db.select({ id: mine.id }).from(mine);
      // Decisions come from the permission cache: no statement per project once warm.
      const readable: string[] = [];
      for (const { id } of projects) {
        if (await deps.permissions.has(id, caller.userId, 'chat.read')) readable.push(id);
      }
      const where = readableChannels(caller, readable);
      if (!where) return { items: [] };
      return { items: await channelViews(db, caller, where) };
    },

    getChannel: async ({ params }, request) => {
      const caller = await callerOf(request, db);
      await channels.readable(caller, params.channel);
      return channelView(db, caller, params.channel);
    },

    updateChannel: async ({ params, query, body }, request) => {
      const caller = await callerOf(request, db);
      // Not `writable`: that refuses an archived channel, and un-archiving is a change to one. The
      // access hook has checked `chat.write` in the project, which must be the channel's.
      const { channel } = await channels.readable(caller, params.channel, query.project);
      const renames = body.name !== undefined || body.topic !== undefined;
      if (renames && channel.kind === 'direct') throw directChannelFixed();
      // An archived channel keeps its name and topic unless the same call opens it again.
      if (renames && channel.archivedAt && body.archived !== false) throw channelArchived();
      const archivedAfter = body.archived ?? channel.archivedAt !== null;
      await assertCreatorOrModerator(caller, channel);
      const now = clock.now();
      const archivedAt = archivedAfter ? (channel.archivedAt ?? now) : null;
      await db.transaction(async (tx) => {
        await tx
          .update(chatChannels)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.topic !== undefined ? { topic: body.topic } : {}),
            archivedAt,
            updatedAt: now,
          })
          .where(eq(chatChannels.id, channel.id));
        await recordAudit(tx, request, {
          target: `channel:${channel.id}`,
          details: { name: body.name, topic: body.topic, archived: body.archived },
        });
      });
      const updated = await channelView(db, caller, channel.id);
      events.channelUpdated(updated);
      return updated;
    },

    deleteChannel: async ({ params, query }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.readable(caller, params.channel, query.project);
      // The project's one line to the platform's staff stays; archiving it is how it is put away.
      if (channel.kind === 'support') throw supportChannelFixed();
      await assertCreatorOrModerator(caller, channel);
      await db.transaction(async (tx) => {
        // Members, messages and reactions go with it (foreign keys on delete cascade).
        await tx.delete(chatChannels).where(eq(chatChannels.id, channel.id));
        await recordAudit(tx, request, {
          target: `channel:${channel.id}`,
          details: { kind: channel.kind, name: channel.name },
        });
      });
      events.channelDeleted(channel.id);
      return undefined;
    },

    listChannelUsers: async ({ params, query }, request) => {
      const caller = await callerOf(request, db);
      await channels.readable(caller, params.channel);
      return { items: await channelUsers(db, params.channel, caller.userId, query.includeSubscription) };
    },

    addChannelUsers: async ({ params, query, body }, request) => {
      const caller = await callerOf(request, db);
      const { channel } = await channels.writable(caller, params.channel, query.project);
      if (channel.kind === 'direct') throw directChannelFixed();
      await assertProjectMembers(db, channel.projectId, body.users);
      const now = clock.now();
      const added = await db.transaction(async (tx) => {
        const added = await addMembers(tx, channel.id, body.users, now);
        await recordAudit(tx, request, { target: `channel:${channel.id}`, details: { added } });
        return added;
      });
      events.membersAdded(channel.id, added);
      return { items: await channelUsers(db, channel.id, caller.userId, false) };
    },

    removeChannelUsers: async ({ params, query, body }, request) => {
      const caller = await callerOf(request, db);
      const onlyMyself = body.users.length === 1 && body.users[0] === caller.userId;
      // Anyone may leave, also an archived channel; taking others out is a change to the channel.
      const { channel } = onlyMyself
        ? await channels.readable(caller, params.channel, query.project)
        : await channels.writable(caller, params.channel, query.project);
      if (!onlyMyself) {
        if (channel.kind === 'direct') throw directChannelFixed();
        await assertCreatorOrModerator(caller, channel);
      }
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(chatMembers)
          .where(and(eq(chatMembers.channelId, channel.id), inArray(chatMembers.userId, body.users)))
          .returning({ userId: chatMembers.userId });
        const removed = rows.map((row) => row.userId);
        await recordAudit(tx, request, { target: `channel:${channel.id}`, details: { removed } });
        return removed;
      });
      events.membersRemoved(channel.id, removed);
      return undefined;
    },
  };
}
