import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import type { Hook } from '../../../core/hooks.js';
import { storefrontCustomers } from '../schema.js';

/** A new order's buyer, as the `purchased` hook hands it on: the address as the order gave it. */
export interface PurchaseEvent {
  projectId: string;
  email: string;
  at: Date;
}

/** Runs in the transaction of each new order; a part that throws rolls the order back. */
export type PurchaseHook = Hook<[Executor, PurchaseEvent]>;

export interface PurchaseHistory {
  lastPurchasedAt: Date;
  orderCount: number;
}

/**
 * What the shop knows of these addresses' purchases (lower-cased; an address with no orders is
 * absent). Mail marketing reads it when a subscriber arrives, so someone who bought before
 * subscribing is in "purchased in the last 90 days" from the start. One indexed query per call.
 */
export async function purchaseHistory(
  executor: Executor,
  projectId: string,
  emails: readonly string[],
): Promise<Map<string, PurchaseHistory>> {
  const found = new Map<string, PurchaseHistory>();
  if (emails.length === 0) return found;
  const c = storefrontCustomers;
  const rows = await executor
    .select({ email: c.email, lastPurchasedAt: c.lastPurchasedAt, orderCount: c.orderCount })
    .from(c)
    .where(
      and(
        eq(c.projectId, projectId),
        inArray(
          c.email,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
  for (const row of rows) found.set(row.email, { lastPurchasedAt: row.lastPurchasedAt, orderCount: row.orderCount });
  return found;
}
