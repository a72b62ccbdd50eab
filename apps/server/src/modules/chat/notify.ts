import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { userCards } from '../accounts/read-models.js';
import type { NotificationService } from '../notifications/service.js';
import type { ChannelRow } from './access.js';
import { personName } from './channel-views.js';
import { chatMembers } from './schema.js';

/** How much of a message a notification shows. */
const EXCERPT_CHARS = 200;

export interface PostedMessage {
  id: string;
  authorId: string;
  text: string;
  mentions: readonly string[];
}

type Reason = 'mention' | 'direct' | 'support';

/**
 * Who hears of a new message by notification (decision 033), and why: a member who is mentioned, a
 * member of a direct conversation, a member of the support conversation when the platform's staff
 * answer. A subscription set to `none`, or muted, hears nothing; `mentions` only mentions; `all`
 * also every message of a direct or support conversation. Someone mentioned in an open channel they
 * never joined has the default subscription (`all`, not muted).
 */
export function recipientsOf(
  channel: Pick<ChannelRow, 'kind'>,
  message: PostedMessage,
  members: readonly { userId: string; notify: 'all' | 'mentions' | 'none'; muted: boolean }[],
  byStaff: boolean,
): Map<string, Reason> {
  const mentioned = new Set(message.mentions);
  const everyMessage = channel.kind === 'direct' ? 'direct' : channel.kind === 'support' && byStaff ? 'support' : null;
  const recipients = new Map<string, Reason>();
  const known = new Set<string>();
  for (const member of members) {
    known.add(member.userId);
    if (member.userId === message.authorId || member.muted || member.notify === 'none') continue;
    if (mentioned.has(member.userId)) recipients.set(member.userId, 'mention');
    else if (member.notify === 'all' && everyMessage) recipients.set(member.userId, everyMessage);
  }
  for (const userId of mentioned) {
    if (!known.has(userId) && userId !== message.authorId) recipients.set(userId, 'mention');
  }
  return recipients;
}

/** The notification's words: who, where, and the start of what they said. */
function titleOf(reason: Reason, author: string, channel: Pick<ChannelRow, 'kind' | 'name'>): string {
  if (reason === 'direct') return `${author} sent you a message`;
  if (reason === 'support') return 'Support replied to your conversation';
  return channel.kind === 'direct' || channel.name === ''
    ? `${author} mentioned you`
    : `${author} mentioned you in ${channel.name}`;
}

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

/**
 * Notifies those who should hear of a new message, in the post's transaction (a post that rolls
 * back notifies nobody), with a push to their devices. Each notification opens the conversation on
 * the message. Answers who was notified (their sockets are told after the commit).
 */
export async function notifyOfMessage(
  tx: Executor,
  notifications: NotificationService,
  channel: ChannelRow,
  message: PostedMessage,
  byStaff: boolean,
): Promise<string[]> {
  const members = await tx
    .select({ userId: chatMembers.userId, notify: chatMembers.notify, muted: chatMembers.muted })
    .from(chatMembers)
    .where(and(eq(chatMembers.channelId, channel.id), ne(chatMembers.userId, message.authorId)));
  const recipients = recipientsOf(channel, message, members, byStaff);
  if (recipients.size === 0) return [];
  const [author] = await tx.select({ name: personName }).from(userCards).where(eq(userCards.id, message.authorId));
  const action = {
    route: {
      name: 'chat.index',
      params: {},
      query: { project: channel.projectId, channel: channel.id, message: message.id },
    },
  };
  // One notification per reason, each to all it applies to: a fixed number of statements however
  // many people a message mentions.
  const byReason = new Map<Reason, string[]>();
  for (const [userId, reason] of recipients) byReason.set(reason, [...(byReason.get(reason) ?? []), userId]);
  for (const [reason, userIds] of byReason) {
    await notifications.notifyPeople(tx, {
      userIds,
      projectId: channel.projectId,
      title: titleOf(reason, author?.name ?? 'Someone', channel),
      body: excerptOf(message.text),
      action,
      push: true,
    });
  }
  return [...recipients.keys()];
}
