import { CAMPAIGN_STATUSES, type CampaignPage, type CampaignSort, type ListCampaignsQuery } from '@wharf/contract';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { cursorTime, decodePageToken, encodePageToken, invalidPageToken } from '../../../core/pagination.js';
import { marketingCampaigns as c } from '../schema.js';
import { containsEveryWord } from '../../../core/search-words.js';
import { selectCampaigns, toCampaign, type CampaignRow } from './campaign-views.js';

type Query = z.output<typeof ListCampaignsQuery>;
type Order = 'asc' | 'desc';

/** Without `order`, the order people expect of each sort. */
const defaultOrder: Record<CampaignSort, Order> = {
  createdAt: 'desc',
  scheduledAt: 'desc',
  name: 'asc',
  status: 'asc',
};

/**
 * A sort: its expression, how a row's value of it is written into a page token and read back as a
 * bound. Rows are then ordered by creation, and the id breaks what ties are left; a token's `at` is
 * the JSON array of those values, so a token of another sort does not read as this one's and is refused.
 */
interface Sort {
  key: SQL;
  write: (row: Pick<CampaignRow, 'search' | 'status' | 'scheduledAt'>) => string;
  bound: (value: string) => SQL;
}

const timeBound = (at: string) => sql`${cursorTime(at).toISOString()}::timestamptz`;

/** Unscheduled campaigns last whichever way: they sort as the far end of time. */
function scheduledSort(order: Order): Sort {
  const never = order === 'asc' ? 'infinity' : '-infinity';
  const farEnd = sql.raw(`'${never}'::timestamptz`);
  return {
    key: sql`coalesce(${c.scheduledAt}, ${farEnd})`,
    write: (row) => row.scheduledAt?.toISOString() ?? never,
    bound: (value) => (value === never ? farEnd : timeBound(value)),
  };
}

/** Statuses in the order of a campaign's life. */
const statusSort: Sort = {
  key: sql`array_position(${sql.raw(`array[${CAMPAIGN_STATUSES.map((v) => `'${v}'`).join(',')}]`)}::text[], ${c.status})`,
  write: (row) => row.status,
  bound: (value) => {
    const rank = CAMPAIGN_STATUSES.indexOf(value as (typeof CAMPAIGN_STATUSES)[number]);
    if (rank < 0) throw invalidPageToken();
    return sql`${rank + 1}::integer`;
  },
};

function sortOf(sortBy: CampaignSort, order: Order): Sort | null {
  switch (sortBy) {
    case 'createdAt':
      return null;
    // The generated search column is the lower-cased name: A to Z whatever the case.
    case 'name':
      return { key: sql`${c.search}`, write: (row) => row.search, bound: (value) => sql`${value}::text` };
    case 'scheduledAt':
      return scheduledSort(order);
    case 'status':
      return statusSort;
  }
}

/** The bounds a token's `at` holds: the sort's value (if the sort is not by creation), then the creation time. */
function boundsOf(sort: Sort | null, at: string): SQL[] {
  let values: unknown;
  try {
    values = JSON.parse(at);
  } catch {
    throw invalidPageToken();
  }
  const expected = sort ? 2 : 1;
  if (!Array.isArray(values) || values.length !== expected || values.some((v) => typeof v !== 'string'))
    throw invalidPageToken();
  const [first, second] = values as string[];
  return sort ? [sort.bound(first!), timeBound(second!)] : [timeBound(first!)];
}

/**
 * A page of the project's campaigns, keyset-paged on (sort key, created_at, id): a project has campaigns by the
 * hundred, not the million, so the sorts other than creation read the project's rows through its
 * (project, created_at, id) index and order them; the keyset keeps pages stable as campaigns are added.
 */
export async function listCampaigns(db: Executor, projectId: string, query: Query): Promise<CampaignPage> {
  const order = query.order ?? defaultOrder[query.sortBy];
  const sort = sortOf(query.sortBy, order);
  const keys = [...(sort ? [sort.key] : []), sql`${c.createdAt}`, sql`${c.id}`];
  let after: SQL | undefined;
  if (query.pageToken) {
    const cursor = decodePageToken(query.pageToken);
    const row = sql.join(keys, sql`, `);
    const bound = sql.join([...boundsOf(sort, cursor.at), sql`${cursor.id}::uuid`], sql`, `);
    after = order === 'asc' ? sql`(${row}) > (${bound})` : sql`(${row}) < (${bound})`;
  }
  const direction = order === 'asc' ? asc : desc;
  const where = and(
    eq(c.projectId, projectId),
    query.status ? eq(c.status, query.status) : undefined,
    ...containsEveryWord(c.search, query.search),
    after,
  )!;
  const rows = await selectCampaigns(db, where)
    .orderBy(...keys.map((key) => direction(key)))
    .limit(query.pageSize + 1);
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1)?.campaign;
  const at = (row: NonNullable<typeof last>) =>
    JSON.stringify([...(sort ? [sort.write(row)] : []), row.createdAt.toISOString()]);
  return {
    items: items.map(toCampaign),
    nextPageToken: rows.length > query.pageSize && last ? encodePageToken({ at: at(last), id: last.id }) : null,
  };
}
