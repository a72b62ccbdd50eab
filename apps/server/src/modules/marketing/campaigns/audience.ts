import type { AudienceFilter, CampaignAudience } from '@wharf/contract';
import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/database.js';
import { planPerCall } from '../../../core/db/plan-per-call.js';
import { mailingListsByIds } from '../lists/list-views.js';
import { marketingListMembers, marketingSubscribers as s } from '../schema.js';

/*
 * A campaign's audience, exactly (the count, the campaign's send and countCampaignAudience's summary
 * all say this):
 *
 * - only the project's subscribers whose status is `subscribed` (never unconfirmed, unsubscribed or
 *   bounced);
 * - on at least one of `lists` — or everyone subscribed when `lists` is empty;
 * - on none of `excludeLists`;
 * - and matching every filter:
 *   - gender, include: their gender is that one; exclude: it is not (people with no gender given
 *     stay in when "male" is excluded);
 *   - an activity (last opened, clicked, purchased) compares the days since it last happened with
 *     `days`, counted from `now` in whole 24-hour days: lte N is at or after now − N days ("within the
 *     last N days"), lt N after it, gte N at or before it, gt N before it ("more than N days ago").
 *     Someone who never did it matches no comparison: an included filter leaves them out, an
 *     excluded one keeps them.
 *
 * `now` is the caller's (the injected clock), so a count and a send agree with the tests' clock, and
 * it goes into the query as a constant: each comparison is then a range of the partial indexes
 * `(project_id, last_…_at) where status = 'subscribed'`. Which way in is cheapest (a date range, a
 * list's members, the whole project) depends on those values, so the statements are planned per call
 * (`planPerCall`) rather than with a prepared statement's generic plan.
 */

const DAY_MS = 86_400_000;

const activityColumn = {
  lastOpened: s.lastOpenedAt,
  lastClicked: s.lastClickedAt,
  lastPurchased: s.lastPurchasedAt,
} as const;

type ActivityFilter = Exclude<AudienceFilter, { field: 'gender' }>;

/** "Days ago" against a threshold time: fewer days ago is a later time, so the comparison flips. */
const whenDaysAgo = {
  lte: gte,
  lt: gt,
  gte: lte,
  gt: lt,
} as const;

function activityCondition(filter: ActivityFilter, now: Date): SQL {
  const column = activityColumn[filter.field];
  const threshold = new Date(now.getTime() - filter.days * DAY_MS);
  const matches = whenDaysAgo[filter.comparator](column, threshold);
  // SQL's NOT of a comparison with NULL is NULL, which would drop those who never did it: keep them.
  return filter.mode === 'include' ? matches : or(isNull(column), sql`not (${matches})`)!;
}

function filterCondition(filter: AudienceFilter, now: Date): SQL {
  if (filter.field === 'gender')
    return filter.mode === 'include' ? eq(s.gender, filter.value) : sql`${s.gender} is distinct from ${filter.value}`;
  return activityCondition(filter, now);
}

/**
 * Whether the subscriber of the outer query is on any of the lists. Members are not filtered by
 * project: the lists were checked to be the project's (`assertAudienceLists`) and the subscriber is
 * (`audienceCondition`), and without it the members come from the primary key (list_id,
 * subscriber_id) alone, in subscriber order, never from the table (bench/mail-audience.ts).
 */
const onAnyList = (listIds: readonly string[]) =>
  sql`exists (select 1 from ${marketingListMembers} where ${and(
    eq(marketingListMembers.subscriberId, s.id),
    inArray(marketingListMembers.listId, [...listIds]),
  )})`;

/** The condition on `marketing_subscribers` that selects the audience (see above). */
export function audienceCondition(projectId: string, audience: CampaignAudience, now: Date): SQL {
  return and(
    eq(s.projectId, projectId),
    eq(s.status, 'subscribed'),
    audience.lists.length > 0 ? onAnyList(audience.lists) : undefined,
    audience.excludeLists.length > 0 ? sql`not ${onAnyList(audience.excludeLists)}` : undefined,
    ...audience.filters.map((filter) => filterCondition(filter, now)),
  )!;
}

/** Every list the audience names must be the project's: another project's answers as an unknown one. */
export async function assertAudienceLists(db: Executor, projectId: string, audience: CampaignAudience): Promise<void> {
  await mailingListsByIds(db, projectId, [...audience.lists, ...audience.excludeLists]);
}

/** How many the audience holds now. */
export async function countAudience(
  db: Executor,
  projectId: string,
  audience: CampaignAudience,
  now: Date,
): Promise<number> {
  const [row] = await audienceCountQuery(db, projectId, audience, now);
  return Number(row?.n ?? 0);
}

const excludedMember = alias(marketingListMembers, 'excluded_member');

/**
 * The statement that counts an audience (bench/mail-audience.ts explains this very one). Without
 * lists it reads the subscribers' partial indexes. A list audience is counted from its lists'
 * members instead: the partial index (list_id, subscriber_id) where `subscribed` (kept by triggers,
 * migration 0024) holds exactly the mailable members, so "list A, not list B" is two index ranges and
 * never a walk over every subscriber; only filters join the subscribers, through their covering
 * partial indexes. Either way the same people as `audienceCondition`.
 */
export function audienceCountQuery(db: Executor, projectId: string, audience: CampaignAudience, now: Date) {
  if (audience.lists.length === 0) {
    return db
      .select({ n: count() })
      .from(s)
      .where(and(planPerCall(), audienceCondition(projectId, audience, now)));
  }
  const m = marketingListMembers;
  const filters = audience.filters.map((filter) => filterCondition(filter, now));
  const excluded =
    audience.excludeLists.length > 0
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(excludedMember)
            .where(
              and(
                eq(excludedMember.subscriberId, m.subscriberId),
                inArray(excludedMember.listId, [...audience.excludeLists]),
              ),
            ),
        )
      : undefined;
  // On two lists, a person is one of the audience, not two.
  const counted = audience.lists.length > 1 ? countDistinct(m.subscriberId) : count();
  const members = and(planPerCall(), inArray(m.listId, [...audience.lists]), eq(m.subscribed, true), excluded);
  if (filters.length === 0) return db.select({ n: counted }).from(m).where(members);
  return db
    .select({ n: counted })
    .from(m)
    .innerJoin(s, eq(s.id, m.subscriberId))
    .where(and(members, eq(s.projectId, projectId), eq(s.status, 'subscribed'), ...filters));
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
  gender: string | null;
  attributes: Record<string, string | number | boolean>;
}

/**
 * The next `limit` members of the audience after the subscriber `afterId` (null: from the start), in
 * id order: a send walks the audience a batch at a time and can resume from the last id it recorded.
 * Who is in is decided per batch, so someone who unsubscribes mid-send is not mailed.
 */
export function nextRecipients(
  db: Executor,
  projectId: string,
  audience: CampaignAudience,
  afterId: string | null,
  limit: number,
  now: Date,
): Promise<Recipient[]> {
  return db
    .select({ id: s.id, email: s.email, name: s.name, gender: s.gender, attributes: s.attributes })
    .from(s)
    .where(and(planPerCall(), audienceCondition(projectId, audience, now), afterId ? gt(s.id, afterId) : undefined))
    .orderBy(asc(s.id))
    .limit(limit);
}
