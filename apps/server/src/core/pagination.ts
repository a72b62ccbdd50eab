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
