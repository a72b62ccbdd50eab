import type { Address } from '@wharf/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { storefrontCustomers } from '../schema.js';

export interface Purchase {
  projectId: string;
  email: string;
  name: string;
  phone: string | null;
  placedAt: Date;
  /** Added to the lifetime value now: the order's total when it is paid at intake, else 0. */
  paid: number;
  shippingAddress: Address | null;
  now: Date;
}

/**
 * Counts an order towards its customer, making the customer on their first: one upsert in the
 * intake's transaction (decision 035), so the figures never lag the orders and are never rebuilt by
 * scanning them. The latest order's name, phone and address win; an order placed earlier than the
 * customer's last (a sales channel's late import) moves only the first purchase date.
 */
export async function countPurchase(tx: Executor, purchase: Purchase): Promise<string> {
  const c = storefrontCustomers;
  const newer = sql`excluded.last_purchased_at >= ${c.lastPurchasedAt}`;
  const [row] = await tx
    .insert(c)
    .values({
      projectId: purchase.projectId,
      email: purchase.email.toLowerCase(),
      name: purchase.name,
      phone: purchase.phone,
      orderCount: 1,
      lifetimeValue: purchase.paid,
      firstPurchasedAt: purchase.placedAt,
      lastPurchasedAt: purchase.placedAt,
      lastShippingAddress: purchase.shippingAddress,
      createdAt: purchase.now,
      updatedAt: purchase.now,
    })
    .onConflictDoUpdate({
      target: [c.projectId, c.email],
      set: {
        orderCount: sql`${c.orderCount} + 1`,
        lifetimeValue: sql`${c.lifetimeValue} + excluded.lifetime_value`,
        name: sql`case when ${newer} then excluded.name else ${c.name} end`,
        phone: sql`case when ${newer} then coalesce(excluded.phone, ${c.phone}) else ${c.phone} end`,
        lastShippingAddress: sql`case when ${newer} then coalesce(excluded.last_shipping_address, ${c.lastShippingAddress}) else ${c.lastShippingAddress} end`,
        firstPurchasedAt: sql`least(${c.firstPurchasedAt}, excluded.first_purchased_at)`,
        lastPurchasedAt: sql`greatest(${c.lastPurchasedAt}, excluded.last_purchased_at)`,
        updatedAt: purchase.now,
      },
    })
    .returning({ id: c.id });
  return row!.id;
}

/** Adds a paid order's total to its customer's lifetime value, in the transaction that marks it paid. */
export async function countPayment(tx: Executor, customerId: string, amount: number, now: Date): Promise<void> {
  await tx
    .update(storefrontCustomers)
    .set({ lifetimeValue: sql`${storefrontCustomers.lifetimeValue} + ${amount}`, updatedAt: now })
    .where(sql`${storefrontCustomers.id} = ${customerId}`);
}
