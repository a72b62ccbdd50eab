import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import {
  storefrontCustomers,
  storefrontEnquiries,
  storefrontEnquiryLogs,
  storefrontFulfillmentItems,
  storefrontFulfillments,
  storefrontOrderEvents,
  storefrontOrderItems,
  storefrontOrders,
  storefrontPaymentAccounts,
  storefrontPayments,
  storefrontReviewLogs,
  storefrontReviews,
  storefrontShops,
} from './schema.js';

/**
 * Seed support of the storefront module: a whole shop written straight into its tables (no intake,
 * no audit, no jobs), for the demo seed. Not for request handling.
 */

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A shop's rows, every id given by the caller (their figures are the caller's to keep consistent). */
export interface ShopRows {
  customers: (Row<typeof storefrontCustomers> & { id: string })[];
  orders: (Row<typeof storefrontOrders> & { id: string })[];
  items: (Row<typeof storefrontOrderItems> & { id: string })[];
  events: Row<typeof storefrontOrderEvents>[];
  payments: Row<typeof storefrontPayments>[];
  fulfillments: (Row<typeof storefrontFulfillments> & { id: string })[];
  fulfillmentItems: Row<typeof storefrontFulfillmentItems>[];
  enquiries: (Row<typeof storefrontEnquiries> & { id: string })[];
  enquiryLogs: Row<typeof storefrontEnquiryLogs>[];
  reviews: (Row<typeof storefrontReviews> & { id: string })[];
  reviewLogs: Row<typeof storefrontReviewLogs>[];
}

export type ShopPaymentAccount = Omit<Row<typeof storefrontPaymentAccounts>, 'projectId'>;

/** Rows per insert: well under PostgreSQL's 65,535 parameters for the widest of these tables. */
const BATCH = 500;

async function insertAll<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Replaces the project's shop with `rows`, in the caller's transaction: its enquiries, reviews,
 * customers (taking their orders, and the orders everything of theirs) and shop row go first, so
 * writing the same shop twice leaves one. The payment account is added when the project has none.
 */
export async function replaceShop(
  tx: Executor,
  projectId: string,
  shop: { currency: string; rows: ShopRows; paymentAccount: ShopPaymentAccount },
): Promise<void> {
  const { rows } = shop;
  await tx
    .insert(storefrontPaymentAccounts)
    .values({ ...shop.paymentAccount, projectId })
    .onConflictDoNothing();
  // Enquiries and reviews outlive a deleted customer (set null): removed by project first.
  await tx.delete(storefrontReviews).where(eq(storefrontReviews.projectId, projectId));
  await tx.delete(storefrontEnquiries).where(eq(storefrontEnquiries.projectId, projectId));
  await tx.delete(storefrontCustomers).where(eq(storefrontCustomers.projectId, projectId));
  await tx.delete(storefrontShops).where(eq(storefrontShops.projectId, projectId));

  await tx
    .insert(storefrontShops)
    .values({ projectId, currency: shop.currency, nextNumber: 1001 + rows.orders.length });
  await insertAll(rows.customers, (b) => tx.insert(storefrontCustomers).values(b));
  await insertAll(rows.orders, (b) => tx.insert(storefrontOrders).values(b));
  await insertAll(rows.items, (b) => tx.insert(storefrontOrderItems).values(b));
  await insertAll(rows.payments, (b) => tx.insert(storefrontPayments).values(b));
  await insertAll(rows.fulfillments, (b) => tx.insert(storefrontFulfillments).values(b));
  await insertAll(rows.fulfillmentItems, (b) => tx.insert(storefrontFulfillmentItems).values(b));
  await insertAll(rows.events, (b) => tx.insert(storefrontOrderEvents).values(b));
  await insertAll(rows.enquiries, (b) => tx.insert(storefrontEnquiries).values(b));
  await insertAll(rows.enquiryLogs, (b) => tx.insert(storefrontEnquiryLogs).values(b));
  await insertAll(rows.reviews, (b) => tx.insert(storefrontReviews).values(b));
  await insertAll(rows.reviewLogs, (b) => tx.insert(storefrontReviewLogs).values(b));
}
