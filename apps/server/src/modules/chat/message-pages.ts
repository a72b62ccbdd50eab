import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { messageNotFound } from './errors.js';
import { inChannel, messageOf, messagesWithAuthor, type MessageWithAuthor } from './message-views.js';
import { chatMessages } from './schema.js';

export interface PageQuery {
  limit: number;
  around?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
}

export interface PageRows {
  /** Oldest first. */
  rows: MessageWithAuthor[];
  hasOlder: boolean;
  hasNewer: boolean;
}

/**
 * A page of a channel's messages, keyset on their number (`seq`) through the (channel_id, seq)
 * unique index: each side is an index range read from the anchor, never an offset, so a page deep
 * in a million messages costs what the latest costs. One more row than shown is read on each side
 * that can have more, so hasOlder and hasNewer are exact. The latest and `around` are one
 * statement; `before` and `after` two (the anchor's number, then the side).
 */
export async function messagePage(db: Executor, channelId: string, query: PageQuery): Promise<PageRows> {
  const { limit } = query;
  if (query.around !== undefined) return aroundPage(db, channelId, query.around, limit);
  const anchorId = query.after ?? query.before;
  const anchor = anchorId === undefined ? undefined : await messageOf(db, channelId, anchorId);

  if (!anchor) {
    // The latest: read newest first, shown oldest first.
    const rows = await messagesWithAuthor(db)
      .where(inChannel(channelId))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: false };
  }
  if (query.before !== undefined) {
    const rows = await messagesWithAuthor(db)
      .where(inChannel(channelId, lt(chatMessages.seq, anchor.seq)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1);
    // The anchor itself is newer than all of them.
    return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: true };
  }
  const rows = await messagesWithAuthor(db)
    .where(inChannel(channelId, gt(chatMessages.seq, anchor.seq)))
    .orderBy(asc(chatMessages.seq))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasOlder: true, hasNewer: rows.length > limit };
}

/**
 * The anchor in the middle, about half the rest before it and half after. Near either end of the
 * channel the page fills from the other side, so it is as full as the channel allows.
 *
 * One statement: messages are numbered without gaps (a deleted one stays as a tombstone, decision
 * 032), so the `limit` messages on each side of the anchor are the numbers within `limit` of its
 * own, one range of the (channel_id, seq) index found from the anchor's number in a subquery. Each
 * side holds one more row than it can ever show (limit - 1 besides the anchor), so both flags stay
 * exact. No anchor among the rows: it is not a message of this channel (404).
 */
async function aroundPage(db: Executor, channelId: string, anchorId: string, limit: number): Promise<PageRows> {
  const anchorSeq = sql`(${db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.channelId, channelId), eq(chatMessages.id, anchorId)))})`;
  const rows = await messagesWithAuthor(db)
    .where(
      inChannel(
        channelId,
        gte(chatMessages.seq, sql`${anchorSeq} - ${limit}`),
        lte(chatMessages.seq, sql`${anchorSeq} + ${limit}`),
      ),
    )
    .orderBy(asc(chatMessages.seq));
  const at = rows.findIndex((row) => row.message.id === anchorId);
  if (at < 0) throw messageNotFound();
  const older = rows.slice(0, at).reverse(); // newest first, as a read back from the anchor would give
  const newer = rows.slice(at); // the anchor first, then those after it
  const room = limit - 1;
  let before = Math.min(older.length, Math.floor(room / 2));
  const after = Math.min(newer.length - 1, room - before);
  before = Math.min(older.length, room - after);
  return {
    rows: [...older.slice(0, before).reverse(), ...newer.slice(0, after + 1)],
    hasOlder: older.length > before,
    hasNewer: newer.length - 1 > after,
  };
}
