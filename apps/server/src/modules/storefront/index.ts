import type { Executor } from '../../core/db/database.js';
import { Hook } from '../../core/hooks.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import { purchaseHistory, type PurchaseHook } from './customers/purchase-history.js';
import type { driveModule } from '../drive/index.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { notificationsModule } from '../notifications/index.js';
import { customerHandlers } from './customers/customer-handlers.js';
import { enquiryHandlers } from './enquiries/enquiry-handlers.js';
import { exportHandlers } from './exports/export-handlers.js';
import { registerExportJob } from './exports/export-job.js';
import { fulfillmentHandlers } from './fulfillments/fulfillment-handlers.js';
import { orderHandlers } from './orders/order-handlers.js';
import { registerPaymentSettlement } from './orders/payments.js';
import { refundHandlers } from './orders/refunds.js';
import { paymentAccountHandlers } from './payment-account-handlers.js';
import { createAccountGateway, type PaymentAccountGateway } from './payments/index.js';
import { PlatformScope } from './platform-scope.js';
import { reviewHandlers } from './reviews/review-handlers.js';
import { oweReviewRequest, registerReviewRequests } from './reviews/review-requests.js';
import { summaryHandlers } from './summary/summary-handlers.js';

/** An order that became complete, as the `orderFulfilled` hook hands it on: its buyer's address as given. */
export interface OrderFulfilled {
  projectId: string;
  orderId: string;
  email: string;
  at: Date;
}
export type OrderFulfilledHook = Hook<[Executor, OrderFulfilled]>;

/**
 * The storefront's management (issue 22, decision 035): orders through the intake, customers kept
 * current with them, payments through the project's payment account, fulfilments.
 */
export const storefrontModule = (options: { accountGateway?: PaymentAccountGateway } = {}) =>
  defineModule<
    'storefront',
    {
      /** Run in each new order's transaction with its buyer's address; mail marketing adds to it. */
      purchased: PurchaseHook;
      /** Run in the transaction where an order becomes complete (every parcel shipped); flows add to it. */
      orderFulfilled: OrderFulfilledHook;
      /** Past purchases of some addresses, from the shop's customers. */
      purchaseHistory: typeof purchaseHistory;
    },
    {
      integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
      drive: ServiceOf<typeof driveModule>;
      notifications: ServiceOf<typeof notificationsModule>;
      mail: ServiceOf<typeof mailModule>;
    }
  >({
    name: 'storefront',
    needs: ['integrations', 'drive', 'notifications', 'mail'],
    setup: async ({ db, clock, config, jobs, secret, log }, { integrations, drive, notifications, mail }) => {
      // One gateway for the calls and the settling job: the sandbox keeps its idempotent answers in memory.
      const gateway = options.accountGateway ?? createAccountGateway(config, clock);
      const scope = new PlatformScope(db);
      const purchased: PurchaseHook = new Hook();
      const orderFulfilled: OrderFulfilledHook = new Hook();
      registerPaymentSettlement(jobs, { db, clock, gateway });
      // Exports stream into a drive file in the background; the console polls their progress.
      registerExportJob(jobs, { db, clock, saveGenerated: drive.files.saveGenerated, notifications, log });
      // A completed order owes its customer a review request, mailed by this job once it is due.
      const { configOf } = integrations;
      registerReviewRequests(jobs, { db, clock, configOf, mail });
      return {
        handlers: {
          ...orderHandlers({ db, clock, jobs, scope, gateway, purchased }),
          ...refundHandlers({ db, clock, scope, gateway }),
          ...customerHandlers({ db, scope }),
          ...enquiryHandlers({ db, clock, scope, mail }),
          ...summaryHandlers({ db, clock, scope }),
          ...exportHandlers({ db, clock, jobs, scope, driveInstalled: drive.files.installed }),
          ...fulfillmentHandlers({
            db,
            clock,
            scope,
            installed: integrations.installed,
            onComplete: async (tx, order, at) => {
              await oweReviewRequest(tx, { jobs, configOf }, order, at);
              await orderFulfilled.run(tx, {
                projectId: order.projectId,
                orderId: order.id,
                email: order.customerEmail,
                at,
              });
            },
          }),
          ...reviewHandlers({
            db,
            clock,
            scope,
            configOf,
            cards: drive.files.cards,
            images: drive.files.imageCards,
          }),
          ...paymentAccountHandlers({
            db,
            clock,
            gateway,
            stateSecret: await secret('storefront-oauth-state'),
            publicUrl: config.PUBLIC_URL,
          }),
        },
        service: { purchased, orderFulfilled, purchaseHistory },
      };
    },
  });
