import type { operations } from '@wharf/contract';
import { desc, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import type { fileCards } from '../drive/file-cards.js';
import { callerOf, type ChannelAccess } from './access.js';
import { inChannel, messagesWithAuthor, toMessages } from './message-views.js';
import { chatMessages } from './schema.js';
import { parseChatSearch, searchConditions, type ChatSearch } from './search.js';

/**
 * Matches counted through the search's GIN index before deciding how to read them: up to this many,
 * they are all found there and the newest taken; more, and the word is common enough that reading
 * the channel newest first meets `limit` of them soon.
 */
export const SEARCH_CANDIDATES = 2_000;

type SearchOperations = Pick<typeof operations, 'searchMessages'>;

export interface SearchDeps {
  db: Database;
  channels: ChannelAccess;
  files: { cards: typeof fileCards };
}

/** Searching a channel's messages (issue 21): full-text words and filters, newest first. */
export function searchHandlers(deps: SearchDeps): Handlers<SearchOperations> {
  const { db, channels } = deps;
  return {
    searchMessages: async ({ params, query }, request) => {
      const caller = await callerOf(request, db);
      // An archived channel is still read, so still searched; one the caller may not read is a 404.
      const { channel } = await channels.readable(caller, params.channel);
      const parsed = parseChatSearch(query.search);
      const rows = await newestMatches(db, channel.id, parsed, searchConditions(db, parsed), query.limit);
      return { items: await toMessages(db, deps, channel.projectId, caller.userId, rows) };
    },
  };
}

/**
 * The newest `limit` messages of the channel that match, with their authors. PostgreSQL alone picks
 * badly here: for words it cannot estimate (rare, or in no message at all) it walks the channel
 * newest first through (channel_id, seq) and filters, which reads every message of a big channel
 * to find nothing (0.9 s over a million). So words go through the GIN index first, capped: a few
 * matches are all found there (a few ms), and only a common word — where the walk newest first meets
 * `limit` matches soon — is read that way. Without words (filters only) the walk is the plan.
 */
async function newestMatches(db: Database, channelId: string, parsed: ChatSearch, conditions: SQL[], limit: number) {
  const newestFirst = () =>
    messagesWithAuthor(db)
      .where(inChannel(channelId, ...conditions))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
  if (parsed.words.length === 0) return newestFirst();
  // No order: nothing to tempt the planner into the walk; the index's bitmap answers.
  const candidates = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(inChannel(channelId, ...conditions))
    .limit(SEARCH_CANDIDATES + 1);
  if (candidates.length > SEARCH_CANDIDATES) return newestFirst();
  const newest = candidates
    .map((row) => row.seq)
    .sort((a, b) => b - a)
    .slice(0, limit);
  if (newest.length === 0) return [];
  return messagesWithAuthor(db)
    .where(inChannel(channelId, inArray(chatMessages.seq, newest)))
    .orderBy(desc(chatMessages.seq));
}
