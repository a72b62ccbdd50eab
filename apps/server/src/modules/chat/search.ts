import { ReactionRequest } from '@wharf/contract';
import { and, eq, exists, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../core/db/database.js';
import { oneOf, parseSearch, type ParsedSearch, type SearchFilter } from '../../core/search-syntax.js';
import { userCards } from '../accounts/read-models.js';
import { chatMessages, chatReactions } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const isId = (value: string) => z.uuid().safeParse(value).success;
const isEmail = (value: string) => z.email().max(254).safeParse(value).success;

/** The start (00:00 UTC) of a YYYY-MM-DD day, or undefined for anything else, 2026-02-30 included. */
function dayStart(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const start = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls an impossible day into the next month (and years below 100 into the 1900s).
  return start.toISOString().slice(0, 10) === value ? start : undefined;
}

const day: SearchFilter = { accepts: (value) => dayStart(value) !== undefined, allowed: 'a date such as 2026-11-26' };

/**
 * A channel search's filters (core/search-syntax.ts), e.g. `from:ana@example.com has:attachment
 * reaction:👍 after:2026-11-01 invoice`. A filter's values are alternatives, as in every list.
 */
const filters = {
  from: { accepts: (value) => isId(value) || isEmail(value), allowed: "a person's id or email" },
  has: oneOf(['attachment']),
  // The same emoji as a reaction may be, so a filter on one nobody could give is refused.
  reaction: {
    accepts: (value) => ReactionRequest.shape.emoji.safeParse(value).success,
    allowed: 'an emoji such as 👍',
  },
  before: day,
  after: day,
} as const satisfies Record<string, SearchFilter>;

export type ChatSearch = ParsedSearch<keyof typeof filters>;

/** Reads a search; a filter value it does not accept is a 400 INVALID_SEARCH naming it. */
export const parseChatSearch = (search: string): ChatSearch => parseSearch(search, filters);

/**
 * The day given most widely, for alternatives of one date filter: before the latest, after the
 * earliest. `pick` gets two arguments only: reduce also passes the index and the array, which
 * Math.max would count.
 */
const widest = (days: readonly string[], pick: (a: number, b: number) => number) =>
  new Date(days.map((value) => dayStart(value)!.getTime()).reduce((a, b) => pick(a, b)));

/**
 * The conditions of a search, besides its channel:
 * - never a deleted message (`deleted_at is null`), whatever it once said: its text, and so its
 *   vector, is empty anyway.
 * - words: all of them, as whole words, case-blind, through the `search` tsvector (GIN index). Each
 *   goes through `phraseto_tsquery`, which reads plain text, never query syntax: `&`, `|`, `!` or `:*`
 *   typed by someone are only punctuation, and "quoted words" are a phrase, in that order.
 * - `from:` the author, by id or email (the email through the accounts' `userCards`).
 * - `has:attachment`: at least one attachment.
 * - `reaction:` at least one reaction of one of these emoji.
 * - `before:D`: created before D's first instant (00:00 UTC), so nothing of day D itself.
 * - `after:D`: created on or after the next day's first instant, so nothing of day D itself either.
 *   `after:D1 before:D2` is the days strictly between them.
 */
export function searchConditions(db: Executor, parsed: ChatSearch): SQL[] {
  const conditions: SQL[] = [isNull(chatMessages.deletedAt)];
  if (parsed.words.length > 0) {
    const query = sql.join(
      parsed.words.map((word) => sql`phraseto_tsquery('simple', ${word})`),
      sql` && `,
    );
    conditions.push(sql`${chatMessages.search} @@ (${query})`);
  }
  if (parsed.from) {
    const ids = parsed.from.filter(isId);
    const emails = parsed.from.filter((value) => !isId(value));
    const byEmail = db.select({ id: userCards.id }).from(userCards).where(inArray(userCards.email, emails));
    conditions.push(
      or(
        ...(ids.length > 0 ? [inArray(chatMessages.authorId, ids)] : []),
        ...(emails.length > 0 ? [inArray(chatMessages.authorId, byEmail)] : []),
      )!,
    );
  }
  if (parsed.has) conditions.push(sql`cardinality(${chatMessages.attachments}) > 0`);
  if (parsed.reaction) {
    const reacted = db
      .select({ one: sql`1` })
      .from(chatReactions)
      .where(and(eq(chatReactions.messageId, chatMessages.id), inArray(chatReactions.emoji, parsed.reaction)));
    conditions.push(exists(reacted));
  }
  if (parsed.before) conditions.push(lt(chatMessages.createdAt, widest(parsed.before, Math.max)));
  if (parsed.after) {
    conditions.push(gte(chatMessages.createdAt, new Date(widest(parsed.after, Math.min).getTime() + DAY_MS)));
  }
  return conditions;
}
