import type { Channel, ChannelUser } from '@wharf/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { userCards } from '../accounts/read-models.js';
import { projectNames } from '../projects/read-models.js';
import { memberships } from '../projects/service.js';
import type { Caller } from './access.js';
import { channelNotFound } from './errors.js';
import { chatChannels, chatMembers, chatMessages } from './schema.js';

export const notProjectMembers = () =>
  new AppError(400, 'NOT_A_PROJECT_MEMBER', 'Only members of the project can be members of its channels.');
export const directChannelFixed = () =>
  new AppError(
    409,
    'DIRECT_CHANNEL_FIXED',
    'A direct conversation keeps its people and its name: start another one with other people instead.',
  );
export const supportChannelFixed = () =>
  new AppError(409, 'SUPPORT_CHANNEL_FIXED', "The project's support conversation cannot be deleted.");

/** Refuses (400, naming nobody) when any of `userIds` is not a member of the project: one statement. */
export async function assertProjectMembers(db: Executor, projectId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.projectId, projectId), inArray(memberships.userId, [...userIds])));
  if (rows.length !== new Set(userIds).size) throw notProjectMembers();
}

/** A person's name as the console shows it (drive's uploader, blog's author): full name, username or address. */
export const personName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${userCards.firstName}, ${userCards.lastName})), ''), nullif(${userCards.username}, ''), ${userCards.email})`;

/** Members and messages under names of their own, for subqueries beside the caller's own membership. */
const others = alias(chatMembers, 'others');
const mentioned = alias(chatMessages, 'mentioned');
// In a raw fragment an alias renders as its bare name: the FROM says what it stands for.
const othersTable = sql`${chatMembers} ${sql.identifier('others')}`;
const mentionedTable = sql`${chatMessages} ${sql.identifier('mentioned')}`;

/**
 * Channels as the caller sees them, every one of `where` in one statement whatever their number: the
 * caller's membership is joined, and the member count, the messages that mention the caller since
 * they last read, and a direct conversation's name (its other members' names) are subqueries of it.
 * Latest message first, then newest channel.
 */
export async function channelViews(db: Executor, caller: Caller, where: SQL | undefined): Promise<Channel[]> {
  const callerId = sql`${caller.userId}::uuid`;
  const rows = await db
    .select({
      channel: chatChannels,
      member: { userId: chatMembers.userId, muted: chatMembers.muted, lastReadSeq: chatMembers.lastReadSeq },
      memberCount:
        sql<number>`(select count(*) from ${othersTable} where ${others.channelId} = ${chatChannels.id})`.mapWith(
          Number,
        ),
      mentionCount: sql<number>`case when ${chatMembers.userId} is null then 0 else (
        select count(*) from ${mentionedTable}
        where ${mentioned.channelId} = ${chatChannels.id} and ${mentioned.seq} > ${chatMembers.lastReadSeq}
          and ${callerId} = any(${mentioned.mentions}) and ${mentioned.deletedAt} is null
      ) end`.mapWith(Number),
      projectName: projectNames.name,
      directName: sql<string | null>`case when ${chatChannels.kind} = 'direct' then (
        select string_agg(${personName}, ', ' order by ${personName})
        from ${othersTable} inner join ${userCards} on ${userCards.id} = ${others.userId}
        where ${others.channelId} = ${chatChannels.id} and ${others.userId} <> ${callerId}
      ) end`,
    })
    .from(chatChannels)
    .innerJoin(projectNames, eq(projectNames.id, chatChannels.projectId))
    .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, caller.userId)))
    .where(where)
    .orderBy(sql`${chatChannels.lastMessageAt} desc nulls last`, desc(chatChannels.createdAt), desc(chatChannels.id));
  return rows.map(({ channel, member, memberCount, mentionCount, projectName, directName }) => ({
    id: channel.id,
    projectId: channel.projectId,
    projectName,
    kind: channel.kind,
    name: channel.kind === 'direct' ? (directName ?? channel.name) : channel.name,
    topic: channel.topic,
    archived: channel.archivedAt !== null,
    createdBy: channel.createdBy,
    createdAt: channel.createdAt.toISOString(),
    lastMessageAt: channel.lastMessageAt?.toISOString() ?? null,
    memberCount,
    member: member !== null,
    // Message numbers have no gaps, so what is unread is the difference (deleted ones included).
    unreadCount: member ? Math.max(0, channel.lastSeq - member.lastReadSeq) : 0,
    mentionCount,
    muted: member?.muted ?? false,
  }));
}

/** One channel as the caller sees it (they may read it: checked before). */
export async function channelView(db: Executor, caller: Caller, channelId: string): Promise<Channel> {
  const [view] = await channelViews(db, caller, eq(chatChannels.id, channelId));
  // Deleted by someone else since the caller's access was checked: gone for them too.
  if (!view) throw channelNotFound();
  return view;
}

/**
 * A channel's members, first joined first, with names from the accounts' read model; the caller's own
 * entry carries their subscription when asked (`lastReadMessageId` is the message of the number they
 * read up to). With `only`, that one member alone (none when they are not one). One statement.
 */
export async function channelUsers(
  db: Executor,
  channelId: string,
  callerId: string,
  includeSubscription: boolean,
  only?: string,
): Promise<ChannelUser[]> {
  const rows = await db
    .select({
      member: chatMembers,
      name: personName,
      email: userCards.email,
      lastReadMessageId: chatMessages.id,
    })
    .from(chatMembers)
    .innerJoin(userCards, eq(userCards.id, chatMembers.userId))
    .leftJoin(
      chatMessages,
      and(
        eq(chatMessages.channelId, chatMembers.channelId),
        eq(chatMessages.seq, chatMembers.lastReadSeq),
        eq(chatMembers.userId, callerId),
      ),
    )
    .where(and(eq(chatMembers.channelId, channelId), only === undefined ? undefined : eq(chatMembers.userId, only)))
    .orderBy(asc(chatMembers.joinedAt), asc(chatMembers.userId));
  return rows.map(({ member, name, email, lastReadMessageId }) => ({
    userId: member.userId,
    name,
    email,
    joinedAt: member.joinedAt.toISOString(),
    ...(includeSubscription && member.userId === callerId
      ? {
          subscription: {
            notify: member.notify,
            muted: member.muted,
            lastReadMessageId: lastReadMessageId ?? null,
            lastReadAt: member.lastReadAt?.toISOString() ?? null,
          },
        }
      : {}),
  }));
}

/** The `where` of the channels a caller may read, given the projects where they hold `chat.read`. */
export function readableChannels(caller: Caller, readableProjects: readonly string[]): SQL | undefined {
  const inProjects =
    readableProjects.length > 0
      ? and(
          inArray(chatChannels.projectId, [...readableProjects]),
          sql`(${chatChannels.kind} in ('open', 'support') or ${chatMembers.userId} is not null)`,
        )
      : undefined;
  // Platform admins are the other side of every project's support conversation.
  const staff = caller.isAdmin ? eq(chatChannels.kind, 'support') : undefined;
  if (inProjects && staff) return sql`(${inProjects} or ${staff})`;
  return inProjects ?? staff;
}
