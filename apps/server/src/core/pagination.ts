import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.js';
import { isStorableTime } from './storable-time.js';

/** Opaque keyset cursor: the sort key and id of the last row of the previous page. */
export interface PageCursor {
  at: string;
  id: string;
}

/*
 * Page tokens are signed (docs/decisions/023): `<base64url JSON cursor>.<base64url HMAC-SHA256>`.
 * A token the server did not issue — forged, edited, truncated — is refused before its cursor is
 * read, so nothing a caller makes up reaches a query. The cursor is still parsed strictly (a uuid
 * id, an ISO time within range) as a second line.
 *
 * The key is the database's `page-token-hmac` secret (shared by every server process), set once by
 * buildApp. Several apps in one process (tests) each add theirs: a token is accepted under any of
 * them and made with the newest. Before any app sets one (unit tests of a list), a random key of the
 * process stands in.
 */
const keys: Buffer[] = [];

/** Make tokens with this secret from now on, and keep accepting the ones made with earlier secrets. */
export function usePageTokenSecret(secret: string): void {
  const key = Buffer.from(secret);
  const known = keys.findIndex((k) => k.equals(key));
  if (known >= 0) keys.splice(known, 1);
  keys.push(key);
}

function signingKey(): Buffer {
  if (keys.length === 0) keys.push(randomBytes(32));
  return keys.at(-1)!;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** Tokens are short; anything longer was not made here and is refused before any hashing. */
const MAX_TOKEN_LENGTH = 1024;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const base64urlPattern = /^[A-Za-z0-9_-]+$/;

export function encodePageToken(cursor: PageCursor): string {
  const payload = Buffer.from(JSON.stringify({ at: cursor.at, id: cursor.id })).toString('base64url');
  return `${payload}.${mac(signingKey(), payload).toString('base64url')}`;
}

/** The refusal of a page token the server did not issue, or whose cursor is not what its list sorts by. */
export const invalidPageToken = () =>
  badRequest('The pageToken is not valid: use the nextPageToken of the previous page.', 'INVALID_PAGE_TOKEN');

function issuedHere(payload: string, signature: string): boolean {
  const given = Buffer.from(signature, 'base64url');
  // Only the one spelling the server writes: base64url's spare bits would let a changed token pass.
  if (given.toString('base64url') !== signature) return false;
  signingKey();
  return keys.some((key) => {
    const expected = mac(key, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The cursor of a token this server issued; `at` is whatever the list sorts by (a time, an email...). */
export function decodePageToken(token: string): PageCursor {
  if (token.length > MAX_TOKEN_LENGTH) throw invalidPageToken();
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw invalidPageToken();
  if (!base64urlPattern.test(payload) || !base64urlPattern.test(signature)) throw invalidPageToken();
  if (!issuedHere(payload, signature)) throw invalidPageToken();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidPageToken();
  }
  const { at, id } = (value ?? {}) as Partial<Record<keyof PageCursor, unknown>>;
  if (typeof at !== 'string' || typeof id !== 'string' || !uuidPattern.test(id)) throw invalidPageToken();
  return { at, id };
}

/** A time of a cursor: exactly as `toISOString` wrote it, within the years 1 to 9999, or a refused token. */
export function cursorTime(value: string): Date {
  const ms = Date.parse(value);
  if (!isStorableTime(ms)) throw invalidPageToken();
  const at = new Date(ms);
  // Round-tripping refuses what Date would roll over or read loosely (30 February, "2026", a zone).
  if (at.toISOString() !== value) throw invalidPageToken();
  return at;
}

/** The cursor of a list sorted by time: `at` must be a time. */
export function decodeTimePageToken(token: string): { at: Date; id: string } {
  const cursor = decodePageToken(token);
  return { at: cursorTime(cursor.at), id: cursor.id };
}

/** A LIKE/ILIKE pattern that finds `text` anywhere, taken literally (its % and _ are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Newest-first keyset paging over (a time, a uuid id): the condition for the rows after the token's
 * row, or nothing without a token. A row comparison is one index range on (…, time, id).
 */
export function olderThanToken(time: AnyColumn, id: AnyColumn, token: string | undefined): SQL | undefined {
  if (!token) return undefined;
  const after = decodeTimePageToken(token);
  return sql`(${time}, ${id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

/**
 * `olderThanToken` in a prepared statement (`preparedShapes`, shape `after`): the token's time and
 * id are the placeholders `afterAt` and `afterId`, whose values `afterToken` gives.
 */
export function olderThanPlaceholders(time: AnyColumn, id: AnyColumn): SQL {
  return sql`(${time}, ${id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
}

/** The values of `olderThanPlaceholders` for a page token, refused as `olderThanToken` refuses it; none for a first page. */
export function afterToken(token: string | undefined): { afterAt?: string; afterId?: string } {
  if (!token) return {};
  const after = decodeTimePageToken(token);
  return { afterAt: after.at.toISOString(), afterId: after.id };
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
