import type { MailingList } from '@wharf/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import { marketingListMembers as m, marketingLists as l, marketingSubscribers as s } from '../schema.js';

export type MailingListRow = typeof l.$inferSelect;

/** The module's one answer for a list that is not the project's (lists, subscribers, imports, campaigns). */
export const mailingListNotFound = () => notFound('There is no such mailing list in this project.', 'LIST_NOT_FOUND');

/**
 * The project's lists with their counts, by name, in one query whatever their number: members are
 * joined and counted per list, those who may be mailed (subscribed) apart from all.
 */
async function listsWithCounts(db: Executor, where: SQL): Promise<MailingList[]> {
  const rows = await db
    .select({
      list: l,
      memberCount: sql<number>`count(${m.subscriberId})::int`,
      subscriberCount: sql<number>`(count(*) filter (where ${s.status} = 'subscribed'))::int`,
    })
    .from(l)
    .leftJoin(m, eq(m.listId, l.id))
    .leftJoin(s, eq(s.id, m.subscriberId))
    .where(where)
    .groupBy(l.id)
    .orderBy(asc(sql`lower(${l.name})`), asc(l.id));
  return rows.map(({ list, memberCount, subscriberCount }) => ({
    id: list.id,
    name: list.name,
    description: list.description,
    optIn: list.optIn,
    subscriberCount: Number(subscriberCount),
    memberCount: Number(memberCount),
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  }));
}

export function mailingListViews(db: Executor, projectId: string): Promise<MailingList[]> {
  return listsWithCounts(db, eq(l.projectId, projectId));
}

/** One list with its counts; another project's answers 404 as one that does not exist. */
export async function mailingListView(db: Executor, projectId: string, listId: string): Promise<MailingList> {
  const [list] = await listsWithCounts(db, and(eq(l.projectId, projectId), eq(l.id, listId))!);
  if (!list) throw mailingListNotFound();
  return list;
}

/** The project's list, or 404; `lock` holds it for the rest of the transaction. */
export async function findMailingList(tx: Executor, projectId: string, listId: string, lock = false) {
  const query = tx
    .select()
    .from(l)
    .where(and(eq(l.projectId, projectId), eq(l.id, listId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw mailingListNotFound();
  return row;
}

/**
 * The project's lists of these ids, in one query; an id that is not one of them — unknown, or
 * another project's — is 404, the same answer for both, so nothing is learned of other projects.
 */
export async function mailingListsByIds(tx: Executor, projectId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: l.id, name: l.name, optIn: l.optIn })
    .from(l)
    .where(and(eq(l.projectId, projectId), inArray(l.id, unique)));
  if (rows.length !== unique.length) throw mailingListNotFound();
  return rows;
}
