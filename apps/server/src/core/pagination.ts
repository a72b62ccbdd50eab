import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.js';

/** Opaque keyset cursor: the sort key and id of the last row of the previous page. */
export interface PageCursor {
  at: string;
  id: string;
}

export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const invalidToken = () => badRequest('The page token is not valid.', 'INVALID_PAGE_TOKEN');

/** The cursor of a token; `at` is whatever the list sorts by (a time, an email...). */
export function decodePageToken(token: string): PageCursor {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<PageCursor>;
    if (typeof value.at === 'string' && typeof value.id === 'string') return { at: value.at, id: value.id };
  } catch {
    // Falls through to the error below.
  }
  throw invalidToken();
}

/** The cursor of a list sorted by time: `at` must be a time. */
export function decodeTimePageToken(token: string): { at: Date; id: string } {
  const cursor = decodePageToken(token);
  const at = new Date(cursor.at);
  if (Number.isNaN(at.getTime())) throw invalidToken();
  return { at, id: cursor.id };
}

/** A LIKE/ILIKE pattern that finds `text` anywhere, taken literally (its % and _ are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Newest-first keyset paging over (a time, a uuid id): the condition for the rows after the token's
 * row, or nothing without a token. A row comparison is one index range on (…, time, id).
 */
export function olderThanToken(time: AnyColumn, id: AnyColumn, token: string | undefined): SQL | undefined {
  if (!token) return undefined;
  const after = decodeTimePageToken(token);
  // A forged id would otherwise fail the uuid cast as a server error.
  if (!uuidPattern.test(after.id)) throw invalidToken();
  return sql`(${time}, ${id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

/** One page of `pageSize + 1` rows read newest first: the items, and the token of the next page if there is one. */
export function timePage<R extends { id: string }, T>(
  rows: R[],
  pageSize: number,
  at: (row: R) => Date,
  map: (row: R) => T,
): { items: T[]; nextPageToken: string | null } {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  const nextPageToken =
    rows.length > pageSize && last ? encodePageToken({ at: at(last).toISOString(), id: last.id }) : null;
  return { items: items.map(map), nextPageToken };
}
