import type { SubscriberStatus } from '@wharf/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import type { Hook } from '../../../core/hooks.js';
import { marketingListMembers, marketingLists } from '../schema.js';
import type { SubscriberEventRow } from './subscriber-events.js';

/**
 * Subscribed subscribers are now on these lists: they joined them (the console, the API, an import's
 * batch at once), or confirmed while on them.
 */
export interface JoinedLists {
  projectId: string;
  members: { subscriberId: string; listIds: string[] }[];
  at: Date;
}

/** Run in the transaction that put a subscribed subscriber on lists (flows enrol them, decision 039). */
export type JoinedListsHook = Hook<[Executor, JoinedLists]>;

/** The ids of the lists a subscriber is on. */
export async function listIdsOf(tx: Executor, subscriberId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: marketingListMembers.listId })
    .from(marketingListMembers)
    .where(eq(marketingListMembers.subscriberId, subscriberId));
  return rows.map((row) => row.id);
}

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
  subscriber: { id: string; projectId: string; status?: SubscriberStatus },
  lists: readonly ListRef[],
  now: Date,
  joinedLists: JoinedListsHook,
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
    if (subscriber.status === 'subscribed') {
      const listIds = added.map((list) => list.id);
      await joinedLists.run(tx, {
        projectId: subscriber.projectId,
        members: [{ subscriberId: subscriber.id, listIds }],
        at: now,
      });
    }
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
