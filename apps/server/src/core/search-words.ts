import { like, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.js';
import { containsPattern } from './pagination.js';

/** The most words a search may have: each is one more condition. */
export const MAX_SEARCH_WORDS = 8;

/** A list's `search`, as its lower-cased words; more than `MAX_SEARCH_WORDS` is refused (400). */
export function searchWords(search: string | undefined): string[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > MAX_SEARCH_WORDS) {
    throw badRequest(`Search with at most ${MAX_SEARCH_WORDS} words.`, 'SEARCH_TOO_LONG');
  }
  return words;
}

/**
 * Every word of `search` somewhere in a lower-cased search column, taken literally: for the
 * small lists of a project (drafts, campaigns, flows), scanned within their project's index range.
 */
export function containsEveryWord(column: AnyColumn, search: string | undefined): SQL[] {
  return searchWords(search).map((word) => like(column, containsPattern(word)));
}
