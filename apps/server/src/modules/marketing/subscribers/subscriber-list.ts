import type { ListSubscribersQuery, SubscriberPage } from '@wharf/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import { olderThanToken, timePage } from '../../../core/pagination.js';
// The trigram search of every word, as the shop's lists do it (their search columns are built alike).
import { searchConditions } from '../../storefront/search-words.js';
import { marketingListMembers as m, marketingSubscribers as s } from '../schema.js';
import { listsOf, toSubscriber } from './subscriber-views.js';

type Query = z.output<typeof ListSubscribersQuery>;

/** The most words a search may have: each is one more trigram condition. */
const MAX_WORDS = 8;

/** The project's subscribers of the status and list asked for, whose name or address holds every word. */
function subscriberConditions(projectId: string, query: Query): SQL {
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS) throw badRequest(`Search with at most ${MAX_WORDS} words.`, 'SEARCH_TOO_LONG');
  return and(
    eq(s.projectId, projectId),
    query.status ? eq(s.status, query.status) : undefined,
    // The membership's primary key (list, subscriber) answers this per row; another project's list has none here.
    query.mailingListId
      ? sql`exists (select 1 from ${m} where ${m.listId} = ${query.mailingListId} and ${m.subscriberId} = ${s.id} and ${m.projectId} = ${projectId})`
      : undefined,
    ...searchConditions(s.search, words),
  )!;
}

/**
 * A page of subscribers, newest first, keyset-paged on (created, id) — the table's index — so a late
 * page reads as the first does; with how many match in all, for the list's heading.
 */
export async function listSubscribers(db: Executor, projectId: string, query: Query): Promise<SubscriberPage> {
  // The token first: a forged one is refused as such, whatever else the query gets wrong.
  const after = olderThanToken(s.createdAt, s.id, query.pageToken);
  const conditions = subscriberConditions(projectId, query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(s)
      .where(and(conditions, after))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(query.pageSize + 1),
    db.select({ n: count() }).from(s).where(conditions),
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
  return { ...page, total: Number(total?.n ?? 0) };
}
