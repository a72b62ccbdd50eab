import type { operations } from '@wharf/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../core/db/database.js';
import type { Handlers } from '../../../core/http/operations.js';
import { customerNotFound } from '../errors.js';
import { summaryColumns, toOrderSummary } from '../orders/order-views.js';
import type { PlatformScope } from '../platform-scope.js';
import { storefrontCustomers, storefrontOrders } from '../schema.js';
import { listCustomers, shopCurrency, toCustomer } from './customer-list.js';

type CustomerOperations = Pick<typeof operations, 'listCustomers' | 'getCustomer'>;

/** How many of a customer's orders their page shows; the order list (searched by email) has the rest. */
const CUSTOMER_ORDERS_SHOWN = 100;

export function customerHandlers(deps: { db: Database; scope: PlatformScope }): Handlers<CustomerOperations> {
  const { db, scope } = deps;
  return {
    listCustomers: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return listCustomers(db, query.project, query);
    },

    getCustomer: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      const [row] = await db
        .select()
        .from(storefrontCustomers)
        .where(and(eq(storefrontCustomers.projectId, query.project), eq(storefrontCustomers.id, params.customerId)));
      if (!row) throw customerNotFound();
      const [orders, currency] = await Promise.all([
        db
          .select(summaryColumns)
          .from(storefrontOrders)
          .where(eq(storefrontOrders.customerId, row.id))
          .orderBy(desc(storefrontOrders.placedAt), desc(storefrontOrders.id))
          .limit(CUSTOMER_ORDERS_SHOWN),
        shopCurrency(db, query.project),
      ]);
      return {
        ...toCustomer(row, currency),
        orders: orders.map(toOrderSummary),
        lastShippingAddress: row.lastShippingAddress ?? null,
      };
    },
  };
}
