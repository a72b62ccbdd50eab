import { like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { planPerCall } from '../../core/db/plan-per-call.js';
import { containsPattern } from '../../core/pagination.js';

/** Trigrams need three characters; a shorter run gives the index nothing to look up. */
const TRIGRAM = 3;

/**
 * The conditions that find every word of a search in a lower-cased search column (an order's number,
 * customer name and email; a customer's name and email), answered by the column's trigram index:
 *
 * - Only each word's longest run of letters and digits goes to the index: the trigrams of a whole
 *   address include "com", "ail", ".co", which match most rows and cost the index more pages than the
 *   rare part finds (a full email took 50 ms, its name part 1 ms; bench/storefront.ts).
 * - The whole word is then checked on the rows found, through an expression the index does not match.
 * - The statement is planned per call (`planPerCall`): whether the index or the date order is the
 *   cheaper way in depends on how common the word is, which a prepared statement's generic plan
 *   cannot see.
 */
export function searchConditions(column: AnyColumn, words: readonly string[]): SQL[] {
  if (words.length === 0) return [];
  const conditions: SQL[] = [planPerCall()];
  for (const word of words) {
    const runs = word.match(/[\p{L}\p{N}]+/gu) ?? [];
    const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
    if (longest.length >= TRIGRAM && longest !== word) {
      conditions.push(like(column, containsPattern(longest)));
      conditions.push(sql`(${column} || '') like ${containsPattern(word)}`);
    } else {
      conditions.push(like(column, containsPattern(word)));
    }
  }
  return conditions;
}
