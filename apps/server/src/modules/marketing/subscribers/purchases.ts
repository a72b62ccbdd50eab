import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import type { Hook } from '../../../core/hooks.js';
import { marketingSubscribers as s, marketingSubscriberEvents as e } from '../schema.js';

/** A subscribed subscriber's first purchase (their count went from none to one), in the order's transaction. */
export interface FirstPurchase {
  projectId: string;
  subscriberId: string;
  at: Date;
}

/** Run for a subscriber's first purchase, in the order's transaction (flows enrol them, decision 039). */
export type FirstPurchaseHook = Hook<[Executor, FirstPurchase]>;

/**
 * A new order from the shop, in the order's transaction: the subscriber with the buyer's address
 * (if any) has their last purchase and count brought up to date, and a `purchased` line in their
 * activity — an audience by "purchased in the last 90 days" is current as orders arrive, not after a
 * nightly rebuild (decision 038). One statement on the (project, email) unique index.
 */
export async function recordPurchase(
  tx: Executor,
  purchase: { projectId: string; email: string; at: Date },
  firstPurchase: FirstPurchaseHook,
): Promise<void> {
  const email = purchase.email.trim().toLowerCase();
  const at = purchase.at.toISOString();
  const result = await tx.execute(sql`
    with bought as (
      update ${s}
      set last_purchased_at = greatest(${s.lastPurchasedAt}, ${at}::timestamptz),
          purchase_count = ${s.purchaseCount} + 1
      where ${and(eq(s.projectId, purchase.projectId), eq(s.email, email))}
      returning ${s.id}, ${s.projectId}, ${s.purchaseCount}, ${s.status}
    ), lines as (
      insert into ${e} (id, project_id, subscriber_id, at, kind)
      select gen_random_uuid(), project_id, id, ${at}::timestamptz, 'purchased' from bought
    )
    select id, purchase_count, status from bought
  `);
  // Their count, one now, says it was their first. Only the subscribed are told of: a flow would take
  // someone unconfirmed or gone for its one entry and mail them nothing.
  const { rows } = result as unknown as { rows: { id: string; purchase_count: number; status: string }[] };
  for (const row of rows) {
    if (Number(row.purchase_count) === 1 && row.status === 'subscribed')
      await firstPurchase.run(tx, { projectId: purchase.projectId, subscriberId: row.id, at: purchase.at });
  }
}
