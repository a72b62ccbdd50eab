import type { operations } from '@wharf/contract';
import { desc } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import type { fileCards } from '../drive/file-cards.js';
import { callerOf, type ChannelAccess } from './access.js';
import { inChannel, messagesWithAuthor, toMessages } from './message-views.js';
import { chatMessages } from './schema.js';
import { parseChatSearch, searchConditions } from './search.js';

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
      // One statement for the messages and their authors, then toMessages' two: the same views as
      // a page. Newest first by number, through the (channel_id, seq) index or the search's GIN index,
      // whichever the planner finds cheaper for these words.
      const rows = await messagesWithAuthor(db)
        .where(inChannel(channel.id, ...searchConditions(db, parsed)))
        .orderBy(desc(chatMessages.seq))
        .limit(query.limit);
      return { items: await toMessages(db, deps, channel.projectId, caller.userId, rows) };
    },
  };
}
