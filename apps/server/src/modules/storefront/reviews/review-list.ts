import {
  REVIEW_STATUSES,
  type ListPublicReviewsQuery,
  type ListReviewsQuery,
  type PublicReview,
  type PublicReviewPage,
  type ReviewCounts,
  type ReviewPage,
  type ReviewSort,
  type ReviewStatus,
} from '@wharf/contract';
import { and, asc, avg, count, desc, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import {
  cursorTime,
  decodePageToken,
  encodePageToken,
  invalidPageToken,
  olderThanToken,
  timePage,
} from '../../../core/pagination.js';
import { searchConditions } from '../search-words.js';
import { storefrontReviews as r } from '../schema.js';
import { photosIn, photosOf, toReview, type ImageCards, type ReviewRow } from './review-views.js';
import type { PublicReviewSummaries } from './public-summary.js';

type Query = z.output<typeof ListReviewsQuery>;
export interface ReviewFilters {
  search?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  status?: ReviewStatus | undefined;
  rating?: number | undefined;
}

/** The most words a search may have: each is one more trigram condition. */
const MAX_WORDS = 8;

/**
 * What the review list, its tabs' counts and the export select: the project's reviews sent in within
 * [start, end), of the status and rating asked for, holding every word of the search in the author's
 * name or email, the product's name, the title or the text (the search column's trigram index).
 */
export function reviewConditions(projectId: string, filters: ReviewFilters): SQL {
  if (filters.start && filters.end && Date.parse(filters.start) > Date.parse(filters.end))
    throw badRequest('The end of the date range must come after its start.', 'INVALID_DATE_RANGE');
  const words = (filters.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS) throw badRequest(`Search with at most ${MAX_WORDS} words.`, 'SEARCH_TOO_LONG');
  return and(
    eq(r.projectId, projectId),
    filters.status ? eq(r.status, filters.status) : undefined,
    filters.rating ? eq(r.rating, filters.rating) : undefined,
    filters.start ? gte(r.submittedAt, new Date(filters.start)) : undefined,
    filters.end ? lt(r.submittedAt, new Date(filters.end)) : undefined,
    ...searchConditions(r.search, words),
  )!;
}

/**
 * The list's sorts: a column with an index (project, column, id), the direction, and how a page
 * token's `at` is read back. A time sort's token holds a time and a rating sort's a digit, so a token
 * of the other kind of sort is refused as forged; newest and oldest share theirs (one only reads on).
 */
const sorts = {
  newest: { column: r.submittedAt, descending: true, bound: timeBound, write: (row: ReviewRow) => timeOf(row) },
  oldest: { column: r.submittedAt, descending: false, bound: timeBound, write: (row: ReviewRow) => timeOf(row) },
  highest: { column: r.rating, descending: true, bound: ratingBound, write: (row: ReviewRow) => String(row.rating) },
  lowest: { column: r.rating, descending: false, bound: ratingBound, write: (row: ReviewRow) => String(row.rating) },
} satisfies Record<
  ReviewSort,
  { column: AnyColumn; descending: boolean; bound: (at: string) => SQL; write: (row: ReviewRow) => string }
>;

function timeBound(at: string): SQL {
  return sql`${cursorTime(at).toISOString()}::timestamptz`;
}
function ratingBound(at: string): SQL {
  if (!/^[1-5]$/.test(at)) throw invalidPageToken();
  return sql`${Number(at)}::integer`;
}
const timeOf = (row: ReviewRow) => row.submittedAt.toISOString();

/** A page of the moderation queue, keyset-paged along the sort's index; with each status's count. */
export async function listReviews(
  db: Executor,
  images: ImageCards,
  projectId: string,
  query: Query,
): Promise<ReviewPage> {
  const sort = sorts[query.sortBy];
  // The token first: a forged one is refused as such, whatever else the query gets wrong.
  let after: SQL | undefined;
  if (query.pageToken) {
    const cursor = decodePageToken(query.pageToken);
    const bound = sort.bound(cursor.at);
    after = sort.descending
      ? sql`(${sort.column}, ${r.id}) < (${bound}, ${cursor.id}::uuid)`
      : sql`(${sort.column}, ${r.id}) > (${bound}, ${cursor.id}::uuid)`;
  }
  const direction = sort.descending ? desc : asc;
  const rows = await db
    .select()
    .from(r)
    .where(and(reviewConditions(projectId, query), after))
    .orderBy(direction(sort.column), direction(r.id))
    .limit(query.pageSize + 1);
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1);
  const photos = await photosOf(db, images, projectId, items);
  return {
    items: items.map((row) => toReview(row, photos)),
    nextPageToken: rows.length > query.pageSize && last ? encodePageToken({ at: sort.write(last), id: last.id }) : null,
    counts: await statusCounts(db, projectId, query),
  };
}

/**
 * The queue's tabs: how many reviews of each status the other filters match, in one grouped count
 * (the status index answers it without a search; a search counts only the rows its words find).
 */
async function statusCounts(db: Executor, projectId: string, filters: ReviewFilters): Promise<ReviewCounts> {
  const rows = await db
    .select({ status: r.status, n: count() })
    .from(r)
    .where(reviewConditions(projectId, { ...filters, status: undefined }))
    .groupBy(r.status);
  const counts = Object.fromEntries(REVIEW_STATUSES.map((status) => [status, 0])) as ReviewCounts;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

// The public list ------------------------------------------------------------------------------------

/**
 * How the public list names an author: the first name and the last name's initial ("Ada L."), so a
 * review never gives away who wrote it in full (and never their address).
 */
export function publicAuthor(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  const initial = [...words.at(-1)!][0]!.toLocaleUpperCase('en');
  return `${words[0]} ${initial}.`;
}

/**
 * A project's approved reviews as its storefront shows them, newest first, and the rating's count
 * and average over all of them (not only the page), kept a short while in `summaries`. Nothing but
 * `approved` is ever read here.
 */
export async function listPublicReviews(
  db: Executor,
  images: ImageCards,
  summaries: PublicReviewSummaries,
  query: z.output<typeof ListPublicReviewsQuery>,
): Promise<PublicReviewPage> {
  const after = olderThanToken(r.submittedAt, r.id, query.pageToken);
  const where = and(
    eq(r.projectId, query.project),
    eq(r.status, 'approved'),
    query.productSku ? eq(r.productSku, query.productSku) : undefined,
    query.kind ? eq(r.kind, query.kind) : undefined,
  )!;
  const rows = await db
    .select()
    .from(r)
    .where(and(where, after))
    .orderBy(desc(r.submittedAt), desc(r.id))
    .limit(query.pageSize + 1);
  const photos = await photosOf(db, images, query.project, rows.slice(0, query.pageSize));
  const summary = await summaries.get(query.project, query, async () => {
    const [figures] = await db
      .select({ count: count(), average: avg(r.rating) })
      .from(r)
      .where(where);
    return {
      count: figures?.count ?? 0,
      average: figures?.average == null ? null : Math.round(Number(figures.average) * 10) / 10,
    };
  });
  const page = timePage(
    rows,
    query.pageSize,
    (row) => row.submittedAt,
    (row): PublicReview => ({
      id: row.id,
      kind: row.kind,
      product: row.productSku ? { sku: row.productSku, name: row.productName ?? row.productSku } : null,
      author: publicAuthor(row.authorName),
      rating: row.rating,
      title: row.title,
      body: row.body,
      photos: photosIn(row, photos),
      submittedAt: row.submittedAt.toISOString(),
    }),
  );
  return { ...page, summary };
}
