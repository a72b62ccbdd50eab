import type { ListSubscribersQuery, SubscriberPage } from '@wharf/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { invalidPageToken, olderThanToken, timePage } from '../../../core/pagination.js';
// The trigram search of every word, as the shop's lists do it (their search columns are built alike).
import { searchConditions } from '../../storefront/search-words.js';
import { marketingListMembers as m, marketingSubscribers as s } from '../schema.js';
import { searchWords } from '../../../core/search-words.js';
import { listsOf, toSubscriber } from './subscriber-views.js';

type Query = z.output<typeof ListSubscribersQuery>;

/** The project's subscribers of the status and list asked for, whose name or address holds every word. */
function subscriberConditions(projectId: string, query: Query): SQL {
  return and(
    eq(s.projectId, projectId),
    query.status ? eq(s.status, query.status) : undefined,
    // The membership's primary key (list, subscriber) answers this per row; another project's list has none here.
    query.mailingListId
      ? sql`exists (select 1 from ${m} where ${m.listId} = ${query.mailingListId} and ${m.subscriberId} = ${s.id} and ${m.projectId} = ${projectId})`
      : undefined,
    ...searchConditions(s.search, searchWords(query.search)),
  )!;
}

/**
 * A later page's token carries the count made with the first page (`<cursor>.<total>`): counting
 * every match again for each page of a large list is the cost this avoids. The count is the
 * caller's own figure for their heading, so it needs no signature of its own; the cursor keeps its.
 */
function splitPageToken(token: string | undefined): { cursor?: string; total?: number } {
  if (!token) return {};
  const cut = token.lastIndexOf('.');
  const total = token.slice(cut + 1);
  if (cut < 0 || !/^\d{1,12}$/.test(total)) throw invalidPageToken();
  return { cursor: token.slice(0, cut), total: Number(total) };
}

/**
 * A page of subscribers, newest first, keyset-paged on (created, id) — the table's index — so a late
 * page reads as the first does; with how many match in all, for the list's heading (counted with
 * the first page, and carried by the tokens of the next ones).
 */
export async function listSubscribers(db: Executor, projectId: string, query: Query): Promise<SubscriberPage> {
  // The token first: a forged one is refused as such, whatever else the query gets wrong.
  const carried = splitPageToken(query.pageToken);
  const after = olderThanToken(s.createdAt, s.id, carried.cursor);
  const conditions = subscriberConditions(projectId, query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(s)
      .where(and(conditions, after))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(query.pageSize + 1),
    carried.total ?? countSubscribers(db, conditions),
  ]);
  const lists = await listsOf(
    db,
    rows.slice(0, query.pageSize).map((row) => row.id),
  );
  const page = timePage(
    rows,
    query.pageSize,
    (row) => row.createdAt,
    (row) => toSubscriber(row, lists.get(row.id) ?? []),
  );
  return { ...page, nextPageToken: page.nextPageToken && `${page.nextPageToken}.${total}`, total };
}

async function countSubscribers(db: Executor, conditions: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(s).where(conditions);
  return Number(row?.n ?? 0);
}
