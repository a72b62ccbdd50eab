import { badRequest } from './errors.js';

/** Opaque keyset cursor: the sort key and id of the last row of the previous page. */
export interface PageCursor {
  at: string;
  id: string;
}

export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodePageToken(token: string): PageCursor {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<PageCursor>;
    if (typeof value.at === 'string' && typeof value.id === 'string' && !Number.isNaN(Date.parse(value.at))) {
      return { at: value.at, id: value.id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw badRequest('The page token is not valid.', 'INVALID_PAGE_TOKEN');
}
