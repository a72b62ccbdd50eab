import type { Subscriber } from '@wharf/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import { marketingListMembers, marketingLists, marketingSubscribers } from '../schema.js';

export type SubscriberRow = typeof marketingSubscribers.$inferSelect;
type ListRef = Subscriber['lists'][number];

export const subscriberNotFound = () =>
  notFound('There is no such subscriber in this project.', 'SUBSCRIBER_NOT_FOUND');

/**
 * The project's subscriber, or 404 — another project's answers as one that does not exist. `lock`
 * holds the row for the rest of the transaction, so two changes of one subscriber take turns.
 */
export async function findSubscriber(tx: Executor, projectId: string, subscriberId: string, lock = false) {
  const query = tx
    .select()
    .from(marketingSubscribers)
    .where(and(eq(marketingSubscribers.projectId, projectId), eq(marketingSubscribers.id, subscriberId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw subscriberNotFound();
  return row;
}

/** The lists of each of these subscribers, by name, in one query. */
export async function listsOf(db: Executor, subscriberIds: readonly string[]): Promise<Map<string, ListRef[]>> {
  const found = new Map<string, ListRef[]>(subscriberIds.map((id) => [id, []]));
  if (subscriberIds.length === 0) return found;
  const rows = await db
    .select({ subscriberId: marketingListMembers.subscriberId, id: marketingLists.id, name: marketingLists.name })
    .from(marketingListMembers)
    .innerJoin(marketingLists, eq(marketingLists.id, marketingListMembers.listId))
    .where(inArray(marketingListMembers.subscriberId, [...subscriberIds]))
    .orderBy(asc(marketingLists.name), asc(marketingLists.id));
  for (const row of rows) found.get(row.subscriberId)?.push({ id: row.id, name: row.name });
  return found;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toSubscriber(row: SubscriberRow, lists: ListRef[]): Subscriber {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    gender: row.gender,
    attributes: row.attributes,
    status: row.status,
    lists,
    consentAt: iso(row.consentAt),
    consentSource: row.consentSource,
    unsubscribedAt: iso(row.unsubscribedAt),
    lastOpenedAt: iso(row.lastOpenedAt),
    lastClickedAt: iso(row.lastClickedAt),
    lastPurchasedAt: iso(row.lastPurchasedAt),
    purchaseCount: row.purchaseCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One subscriber as `getSubscriber` answers it, with their lists. */
export async function subscriberView(db: Executor, projectId: string, subscriberId: string): Promise<Subscriber> {
  const row = await findSubscriber(db, projectId, subscriberId);
  const lists = await listsOf(db, [row.id]);
  return toSubscriber(row, lists.get(row.id) ?? []);
}
