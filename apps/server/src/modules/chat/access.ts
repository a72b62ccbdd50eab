import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../core/db/database.js';
import { forbidden, unauthenticated } from '../../core/errors.js';
import type { PermissionResolver } from '../access/service.js';
import { isPlatformAdmin } from '../accounts/read-models.js';
import { channelArchived, channelNotFound } from './errors.js';
import { chatChannels, chatMembers } from './schema.js';

export type ChannelRow = typeof chatChannels.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;

/** Who is asking: chat is for people (auth keys are refused before any handler). */
export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/**
 * The caller of a chat call. Chat is for people: a project's API key passes the access hook of the
 * calls that name their project (it may hold `chat.write`), but it is nobody to post as, so every
 * chat call refuses it here. A session knows whether its person is a platform admin; a bearer token
 * does not say (the access hook reads it only for admin calls), so it is read here, fresh: platform
 * admins are the other side of every support channel.
 */
export async function callerOf(request: FastifyRequest, db: Executor): Promise<Caller> {
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  if (principal.kind === 'authKey') throw forbidden('Chat is for people: an API key cannot use it.');
  const isAdmin = principal.via === 'session' ? principal.isAdmin : await isPlatformAdmin(db, principal.userId);
  return { userId: principal.userId, isAdmin };
}

export interface ChannelAccessed {
  channel: ChannelRow;
  /** The caller's membership (and subscription), if they are a member. */
  member: MemberRow | undefined;
}

/**
 * Who may read and write a channel (decision 032). Reading: a member of the channel's project who
 * holds `chat.read`; for a private or direct channel, one of its members too; a support channel is
 * also open to platform admins, who are the other side of it. Writing: reading, plus `chat.write` in
 * the project (platform admins in a support channel need none), in a channel not archived. Every
 * refusal to read is the same 404 as a channel that does not exist.
 */
export class ChannelAccess {
  constructor(
    private readonly db: Database,
    private readonly permissions: Pick<PermissionResolver, 'has'>,
  ) {}

  /**
   * The channel and the caller's membership, if the caller may read it. With `projectId` (a call
   * that names its project), a channel of another project is not there either.
   */
  async readable(
    caller: Caller,
    channelId: string,
    projectId?: string,
    db: Executor = this.db,
  ): Promise<ChannelAccessed> {
    const [row] = await db
      .select({ channel: chatChannels, member: chatMembers })
      .from(chatChannels)
      .leftJoin(chatMembers, and(eq(chatMembers.channelId, chatChannels.id), eq(chatMembers.userId, caller.userId)))
      .where(eq(chatChannels.id, channelId));
    if (!row || (projectId !== undefined && row.channel.projectId !== projectId)) throw channelNotFound();
    const accessed = { channel: row.channel, member: row.member ?? undefined };
    if (await this.mayRead(caller, accessed)) return accessed;
    throw channelNotFound();
  }

  /** As `readable`, for a change: `chat.write` in the project, and the channel not archived. */
  async writable(
    caller: Caller,
    channelId: string,
    projectId?: string,
    db: Executor = this.db,
  ): Promise<ChannelAccessed> {
    const accessed = await this.readable(caller, channelId, projectId, db);
    const staff = caller.isAdmin && accessed.channel.kind === 'support';
    if (!staff && !(await this.permissions.has(accessed.channel.projectId, caller.userId, 'chat.write'))) {
      throw forbidden('You may read this channel but not write in it.');
    }
    if (accessed.channel.archivedAt) throw channelArchived();
    return accessed;
  }

  /** Whether the caller may read the channel, knowing their membership of it. */
  async mayRead(caller: Caller, { channel, member }: ChannelAccessed): Promise<boolean> {
    if (caller.isAdmin && channel.kind === 'support') return true;
    if (!(await this.permissions.has(channel.projectId, caller.userId, 'chat.read'))) return false;
    return channel.kind === 'open' || channel.kind === 'support' || member !== undefined;
  }

  /** Whether the caller moderates the channel's project's chat (`chat.manage`): any channel, any message. */
  moderates(caller: Caller, channel: ChannelRow): Promise<boolean> {
    return this.permissions.has(channel.projectId, caller.userId, 'chat.manage');
  }
}
