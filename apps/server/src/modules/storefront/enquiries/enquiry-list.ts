import type { EnquiryPage, ListEnquiriesQuery } from '@wharf/contract';
import { and, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import { olderThanToken, timePage } from '../../../core/pagination.js';
import { searchConditions } from '../search-words.js';
import { storefrontEnquiries as e } from '../schema.js';
import { toEnquirySummary } from './enquiry-views.js';

type Query = z.output<typeof ListEnquiriesQuery>;

/** The most words a search may have: each is one more trigram condition. */
const MAX_WORDS = 8;
/** How much of a message the list reads to make its one-line excerpt (whitespace runs shrink). */
const MESSAGE_READ = 400;

/**
 * The project's enquiries received in [start, end), of the status asked for, unread only if asked,
 * whose sender's name, email or subject holds every word of the search (the search column's
 * trigram index answers each word).
 */
function enquiryConditions(projectId: string, query: Query): SQL {
  if (query.start && query.end && Date.parse(query.start) > Date.parse(query.end))
    throw badRequest('The end of the date range must come after its start.', 'INVALID_DATE_RANGE');
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS) throw badRequest(`Search with at most ${MAX_WORDS} words.`, 'SEARCH_TOO_LONG');
  return and(
    eq(e.projectId, projectId),
    query.status ? eq(e.status, query.status) : undefined,
    query.unread ? isNull(e.readAt) : undefined,
    query.start ? gte(e.receivedAt, new Date(query.start)) : undefined,
    query.end ? lt(e.receivedAt, new Date(query.end)) : undefined,
    ...searchConditions(e.search, words),
  )!;
}

/**
 * A page of the inbox, newest first, keyset-paged on (received, id) — the index the table has — so
 * page 500 reads as page 1 does; and the project's unread count for the badge. The count reads the
 * project's enquiries (there is no index on read_at): an inbox of contact-form messages stays small
 * enough for that, and a partial index `(project_id) where read_at is null` is the way out if not.
 */
export async function listEnquiries(db: Executor, projectId: string, query: Query): Promise<EnquiryPage> {
  // The token first: a forged one is refused as such, whatever else the query gets wrong.
  const after = olderThanToken(e.receivedAt, e.id, query.pageToken);
  const conditions = enquiryConditions(projectId, query);
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: e.id,
        customerId: e.customerId,
        email: e.email,
        name: e.name,
        subject: e.subject,
        messageStart: sql<string>`left(${e.message}, ${sql.raw(String(MESSAGE_READ))})`,
        status: e.status,
        readAt: e.readAt,
        repliedAt: e.repliedAt,
        receivedAt: e.receivedAt,
      })
      .from(e)
      .where(and(conditions, after))
      .orderBy(desc(e.receivedAt), desc(e.id))
      .limit(query.pageSize + 1),
    db
      .select({ n: count() })
      .from(e)
      .where(and(eq(e.projectId, projectId), isNull(e.readAt))),
  ]);
  const page = timePage(rows, query.pageSize, (row) => row.receivedAt, toEnquirySummary);
  return { ...page, unreadCount: Number(unread?.n ?? 0) };
}
