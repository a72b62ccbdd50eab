import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { marketingSubscribers as s, marketingSubscriberEvents as e } from '../schema.js';

/**
 * A new order from the shop, in the order's transaction: the subscriber with the buyer's address
 * (if any) has their last purchase and count brought up to date, and a `purchased` line in their
 * activity — an audience by "purchased in the last 90 days" is current as orders arrive, not after a
 * nightly rebuild (decision 038). One statement on the (project, email) unique index.
 */
export async function recordPurchase(
  tx: Executor,
  purchase: { projectId: string; email: string; at: Date },
): Promise<void> {
  const email = purchase.email.trim().toLowerCase();
  const at = purchase.at.toISOString();
  await tx.execute(sql`
    with bought as (
      update ${s}
      set last_purchased_at = greatest(${s.lastPurchasedAt}, ${at}::timestamptz),
          purchase_count = ${s.purchaseCount} + 1
      where ${and(eq(s.projectId, purchase.projectId), eq(s.email, email))}
      returning ${s.id}, ${s.projectId}
    )
    insert into ${e} (id, project_id, subscriber_id, at, kind)
    select gen_random_uuid(), project_id, id, ${at}::timestamptz, 'purchased' from bought
  `);
}
