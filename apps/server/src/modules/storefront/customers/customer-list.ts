import type { Customer, CustomerPage, ListCustomersQuery } from '@wharf/contract';
import { and, asc, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import { cursorTime, decodePageToken, encodePageToken, invalidPageToken } from '../../../core/pagination.js';
import { searchConditions } from '../search-words.js';
import { storefrontCustomers as c, storefrontShops } from '../schema.js';

type Query = z.output<typeof ListCustomersQuery>;
export type CustomerFilters = Omit<Query, 'project' | 'pageToken' | 'pageSize' | 'sortBy'>;
export type CustomerRow = typeof c.$inferSelect;

const MAX_WORDS = 8;

/**
 * What the customer list and its export select: the project's customers within the order-count and
 * lifetime-value bounds and last-purchase dates, matching every word of the search in their name or
 * email. Each bound is a range on a column the list has an index for.
 */
export function customerConditions(projectId: string, filters: CustomerFilters): SQL {
  const words = (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS) throw badRequest(`Search with at most ${MAX_WORDS} words.`, 'SEARCH_TOO_LONG');
  const { totalOrderCount: count, lifetimeValue: value } = filters;
  if (
    filters.lastPurchasedStart &&
    filters.lastPurchasedEnd &&
    Date.parse(filters.lastPurchasedStart) > Date.parse(filters.lastPurchasedEnd)
  )
    throw badRequest('lastPurchasedEnd must come after lastPurchasedStart.', 'INVALID_DATE_RANGE');
  return and(
    eq(c.projectId, projectId),
    count?.min != null ? gte(c.orderCount, clampInt(count.min)) : undefined,
    count?.max != null ? lte(c.orderCount, clampInt(count.max)) : undefined,
    value?.min != null ? gte(c.lifetimeValue, value.min) : undefined,
    value?.max != null ? lte(c.lifetimeValue, value.max) : undefined,
    filters.lastPurchasedStart ? gte(c.lastPurchasedAt, new Date(filters.lastPurchasedStart)) : undefined,
    filters.lastPurchasedEnd ? lte(c.lastPurchasedAt, new Date(filters.lastPurchasedEnd)) : undefined,
    ...searchConditions(c.search, words),
  )!;
}

/** Order counts are 32-bit integers: a bound past them is the same as the largest (or smallest). */
const clampInt = (n: number) => Math.max(-2_147_483_648, Math.min(2_147_483_647, n));

/**
 * The list's sorts: each a column with an index (project, column, id), the direction, and how a page
 * token's `at` is read back (a time, a whole number or a name); a token of another sort is refused.
 */
const sorts = {
  lastPurchasedAt: {
    column: c.lastPurchasedAt,
    bound: (at: string) => sql`${cursorTime(at).toISOString()}::timestamptz`,
    write: (r: CustomerRow) => r.lastPurchasedAt.toISOString(),
  },
  lifetimeValue: {
    column: c.lifetimeValue,
    bound: (at: string) => sql`${wholeNumber(at)}::bigint`,
    write: (r: CustomerRow) => String(r.lifetimeValue),
  },
  totalOrderCount: {
    column: c.orderCount,
    bound: (at: string) => sql`${clampInt(wholeNumber(at))}::integer`,
    write: (r: CustomerRow) => String(r.orderCount),
  },
  name: { column: c.name, bound: (at: string) => sql`${at}::text`, write: (r: CustomerRow) => r.name },
} satisfies Record<string, { column: AnyColumn; bound: (at: string) => SQL; write: (row: CustomerRow) => string }>;

function wholeNumber(at: string): number {
  if (!/^\d{1,16}$/.test(at)) throw invalidPageToken();
  return Number(at);
}

export async function listCustomers(db: Executor, projectId: string, query: Query): Promise<CustomerPage> {
  const descending = query.sortBy.startsWith('-');
  const sort = sorts[query.sortBy.replace(/^-/, '') as keyof typeof sorts];
  let after: SQL | undefined;
  if (query.pageToken) {
    const cursor = decodePageToken(query.pageToken);
    const bound = sort.bound(cursor.at);
    after = descending
      ? sql`(${sort.column}, ${c.id}) < (${bound}, ${cursor.id}::uuid)`
      : sql`(${sort.column}, ${c.id}) > (${bound}, ${cursor.id}::uuid)`;
  }
  const direction = descending ? desc : asc;
  const currency = await shopCurrency(db, projectId);
  const rows = await db
    .select()
    .from(c)
    .where(and(customerConditions(projectId, query), after))
    .orderBy(direction(sort.column), direction(c.id))
    .limit(query.pageSize + 1);
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => toCustomer(row, currency)),
    nextPageToken: rows.length > query.pageSize && last ? encodePageToken({ at: sort.write(last), id: last.id }) : null,
  };
}

export function toCustomer(row: CustomerRow, currency = ''): Customer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    totalOrderCount: row.orderCount,
    lifetimeValue: row.lifetimeValue,
    currency,
    firstPurchasedAt: row.firstPurchasedAt.toISOString(),
    lastPurchasedAt: row.lastPurchasedAt.toISOString(),
  };
}

/** The shop's currency (its first order's), or '' before any order. */
export async function shopCurrency(db: Executor, projectId: string): Promise<string> {
  const [shop] = await db
    .select({ currency: storefrontShops.currency })
    .from(storefrontShops)
    .where(eq(storefrontShops.projectId, projectId));
  return shop?.currency ?? '';
}
