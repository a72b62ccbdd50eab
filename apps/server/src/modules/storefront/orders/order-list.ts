import type { DateFilterType, OrderPage } from '@wharf/contract';
import { and, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import { olderThanToken, timePage } from '../../../core/pagination.js';
import { searchConditions } from '../search-words.js';
import { storefrontOrders } from '../schema.js';
import { summaryColumns, toOrderSummary } from './order-views.js';

export interface OrderFilters {
  search?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  dateFilterType: DateFilterType;
}

/** The most words a search may have: each is one more trigram condition. */
const MAX_WORDS = 8;

const dateColumns = {
  placed: storefrontOrders.placedAt,
  paid: storefrontOrders.paidAt,
  fulfilled: storefrontOrders.fulfilledAt,
} as const;

/** The column a list (or an export) sorts and ranges by. */
export const dateColumnOf = (type: DateFilterType) => dateColumns[type];

/**
 * What the order list and the order export select: the project's orders whose date of `dateFilterType`
 * lies in [start, end) — orders without that date yet (unpaid, unfulfilled) are left out of a paid or
 * fulfilled list — and whose number, customer name or email holds every word of the search. Each word
 * is a `LIKE '%word%'` on the lower-cased search column, which its trigram index answers.
 */
export function orderConditions(projectId: string, filters: OrderFilters): SQL {
  const column = dateColumnOf(filters.dateFilterType);
  if (filters.start && filters.end && Date.parse(filters.start) > Date.parse(filters.end))
    throw badRequest('The end of the date range must come after its start.', 'INVALID_DATE_RANGE');
  const words = (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS) throw badRequest(`Search with at most ${MAX_WORDS} words.`, 'SEARCH_TOO_LONG');
  return and(
    eq(storefrontOrders.projectId, projectId),
    filters.dateFilterType === 'placed' ? undefined : isNotNull(column),
    filters.start ? gte(column, new Date(filters.start)) : undefined,
    filters.end ? lt(column, new Date(filters.end)) : undefined,
    ...searchConditions(storefrontOrders.search, words),
  )!;
}

/** A page of the project's orders, newest first by the filtered date; page 500 reads as page 1 does. */
export async function listOrders(
  db: Executor,
  projectId: string,
  filters: OrderFilters & { pageSize: number; pageToken?: string | undefined },
): Promise<OrderPage> {
  const column = dateColumnOf(filters.dateFilterType);
  // The token first: a forged one is refused as such, whatever else the query gets wrong.
  const after = olderThanToken(column, storefrontOrders.id, filters.pageToken);
  const rows = await db
    .select({ ...summaryColumns, sortAt: column })
    .from(storefrontOrders)
    .where(and(orderConditions(projectId, filters), after))
    .orderBy(desc(column), desc(storefrontOrders.id))
    .limit(filters.pageSize + 1);
  return timePage(rows, filters.pageSize, (row) => row.sortAt!, toOrderSummary);
}
