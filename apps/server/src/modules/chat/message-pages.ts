import { asc, desc, gt, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
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
 * that can have more, so hasOlder and hasNewer are exact. At most three statements: the anchor's
 * number, then one read per side.
 */
export async function messagePage(db: Executor, channelId: string, query: PageQuery): Promise<PageRows> {
  const { limit } = query;
  const anchorId = query.around ?? query.after ?? query.before;
  const anchor = anchorId === undefined ? undefined : await messageOf(db, channelId, anchorId);
  const olderThan = (seq: number, count: number) =>
    messagesWithAuthor(db)
      .where(inChannel(channelId, lt(chatMessages.seq, seq)))
      .orderBy(desc(chatMessages.seq))
      .limit(count);
  const fromSeq = (seq: number, count: number, inclusive: boolean) =>
    messagesWithAuthor(db)
      .where(inChannel(channelId, inclusive ? gte(chatMessages.seq, seq) : gt(chatMessages.seq, seq)))
      .orderBy(asc(chatMessages.seq))
      .limit(count);

  if (!anchor) {
    // The latest: read newest first, shown oldest first.
    const rows = await messagesWithAuthor(db)
      .where(inChannel(channelId))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: false };
  }
  if (query.before !== undefined) {
    const rows = await olderThan(anchor.seq, limit + 1);
    // The anchor itself is newer than all of them.
    return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit, hasNewer: true };
  }
  if (query.after !== undefined) {
    const rows = await fromSeq(anchor.seq, limit + 1, false);
    return { rows: rows.slice(0, limit), hasOlder: true, hasNewer: rows.length > limit };
  }
  // Around: the anchor in the middle, about half the rest before it and half after. Near either end
  // of the channel the page fills from the other side, so it is as full as the channel allows; each
  // side reads one more row than it can ever show (limit - 1 besides the anchor), so both flags stay exact.
  const older = await olderThan(anchor.seq, limit);
  const newer = await fromSeq(anchor.seq, limit + 1, true); // the anchor first, then those after it
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
