import type { Message } from '@wharf/contract';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { userCards } from '../accounts/read-models.js';
import type { fileCards } from '../drive/file-cards.js';
import { messageNotFound } from './errors.js';
import { chatMessages, chatReactions } from './schema.js';

/**
 * A message's columns as handlers read them: everything but `search`, the words the database keeps
 * for full-text search (about the text's size again, and never shown).
 */
const { search: _search, ...messageColumns } = getTableColumns(chatMessages);
export type MessageRow = Omit<typeof chatMessages.$inferSelect, 'search'>;

/** A message with its author's card (a left join: null once their account is gone). */
export interface MessageWithAuthor {
  message: MessageRow;
  author: {
    id: string;
    email: string;
    username: string | null;
    firstName: string | null;
    lastName: string | null;
  } | null;
}

/** What a view needs besides the messages: the drive's cards of the channel's project. */
export interface ViewDeps {
  files: { cards: typeof fileCards };
}

/** Messages and their authors in one query; callers add the where, order and limit. */
export function messagesWithAuthor(db: Executor) {
  return db
    .select({
      message: messageColumns,
      author: {
        id: userCards.id,
        email: userCards.email,
        username: userCards.username,
        firstName: userCards.firstName,
        lastName: userCards.lastName,
      },
    })
    .from(chatMessages)
    .leftJoin(userCards, eq(userCards.id, chatMessages.authorId))
    .$dynamic();
}

/** A message of the channel, or 404 MESSAGE_NOT_FOUND (a message of another channel is not there either). */
export async function messageOf(db: Executor, channelId: string, messageId: string, lock?: 'share' | 'update') {
  const query = db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), eq(chatMessages.id, messageId)));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw messageNotFound();
  return row;
}

const nameOf = (person: NonNullable<MessageWithAuthor['author']>) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.username || person.email;

/**
 * The views of messages of one channel, in the order given: two statements whatever their number
 * (the reactions of all of them, then the drive's cards of all their attachments in one call), none
 * when there is nothing to look up.
 */
export async function toMessages(
  db: Executor,
  deps: ViewDeps,
  projectId: string,
  callerId: string,
  rows: readonly MessageWithAuthor[],
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.message.id);
  const reactions = await db
    .select({
      messageId: chatReactions.messageId,
      emoji: chatReactions.emoji,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${chatReactions.userId} = ${callerId})`,
    })
    .from(chatReactions)
    .where(inArray(chatReactions.messageId, ids))
    .groupBy(chatReactions.messageId, chatReactions.emoji)
    // The first emoji given comes first, as the console shows them.
    .orderBy(sql`min(${chatReactions.createdAt})`, asc(chatReactions.emoji));
  const reactionsOf = new Map<string, Message['reactions']>();
  for (const { messageId, emoji, count, mine } of reactions) {
    const list = reactionsOf.get(messageId) ?? [];
    list.push({ emoji, count: Number(count), mine: Boolean(mine) });
    reactionsOf.set(messageId, list);
  }
  const attachmentIds = [...new Set(rows.flatMap((row) => (row.message.deletedAt ? [] : row.message.attachments)))];
  // A file deleted from the drive since is simply absent from its message.
  const cards = new Map(
    (await deps.files.cards(db, projectId, attachmentIds)).map((card) => [
      card.id,
      { id: card.id, name: card.name, type: card.type, size: Number(card.size) },
    ]),
  );
  return rows.map(({ message, author }) => {
    const deleted = message.deletedAt !== null;
    return {
      id: message.id,
      channelId: message.channelId,
      author: author ? { id: author.id, name: nameOf(author) } : null,
      // A tombstone says nothing of what it was, whatever is still stored.
      text: deleted ? '' : message.text,
      mentions: deleted ? [] : message.mentions,
      attachments: deleted ? [] : message.attachments.flatMap((id) => cards.get(id) ?? []),
      replyTo: message.replyTo,
      createdAt: message.createdAt.toISOString(),
      editedAt: message.editedAt?.toISOString() ?? null,
      deleted,
      reactions: deleted ? [] : (reactionsOf.get(message.id) ?? []),
    };
  });
}

/** One message's view, read again (after a change): three statements. */
export async function loadMessage(
  db: Executor,
  deps: ViewDeps,
  projectId: string,
  callerId: string,
  channelId: string,
  messageId: string,
): Promise<Message> {
  const rows = await messagesWithAuthor(db).where(
    and(eq(chatMessages.channelId, channelId), eq(chatMessages.id, messageId)),
  );
  if (rows.length === 0) throw messageNotFound();
  const [view] = await toMessages(db, deps, projectId, callerId, rows);
  return view!;
}

/** Where-clauses of a channel's messages, for the pages. */
export const inChannel = (channelId: string, ...more: SQL[]) => and(eq(chatMessages.channelId, channelId), ...more);
