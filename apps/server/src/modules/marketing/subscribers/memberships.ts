import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { marketingListMembers, marketingLists } from '../schema.js';
import type { SubscriberEventRow } from './subscriber-events.js';

interface ListRef {
  id: string;
  name: string;
}

/**
 * Makes a subscriber's lists exactly `lists` (already checked to be the project's): adds the new
 * memberships, removes the others, and answers the activity lines of both (the list's name as detail).
 */
export async function setMemberships(
  tx: Executor,
  subscriber: { id: string; projectId: string },
  lists: readonly ListRef[],
  now: Date,
): Promise<SubscriberEventRow[]> {
  const current = await tx
    .select({ id: marketingLists.id, name: marketingLists.name })
    .from(marketingListMembers)
    .innerJoin(marketingLists, eq(marketingLists.id, marketingListMembers.listId))
    .where(eq(marketingListMembers.subscriberId, subscriber.id));
  const wanted = new Set(lists.map((list) => list.id));
  const had = new Set(current.map((list) => list.id));
  const added = lists.filter((list) => !had.has(list.id));
  const removed = current.filter((list) => !wanted.has(list.id));
  if (added.length > 0) {
    await tx
      .insert(marketingListMembers)
      .values(
        added.map((list) => ({
          listId: list.id,
          subscriberId: subscriber.id,
          projectId: subscriber.projectId,
          addedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  if (removed.length > 0) {
    await tx.delete(marketingListMembers).where(
      and(
        eq(marketingListMembers.subscriberId, subscriber.id),
        inArray(
          marketingListMembers.listId,
          removed.map((list) => list.id),
        ),
      ),
    );
  }
  const line = (kind: 'list_added' | 'list_removed') => (list: ListRef) => ({
    projectId: subscriber.projectId,
    subscriberId: subscriber.id,
    at: now,
    kind,
    detail: list.name,
  });
  return [...added.map(line('list_added')), ...removed.map(line('list_removed'))];
}
