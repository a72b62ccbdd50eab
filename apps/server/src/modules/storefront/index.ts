import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { driveModule } from '../drive/index.js';
import type { integrationsModule } from '../integrations/index.js';
import type { notificationsModule } from '../notifications/index.js';
import { customerHandlers } from './customers/customer-handlers.js';
import { exportHandlers } from './exports/export-handlers.js';
import { registerExportJob } from './exports/export-job.js';
import { fulfillmentHandlers } from './fulfillments/fulfillment-handlers.js';
import { orderHandlers } from './orders/order-handlers.js';
import { registerPaymentSettlement } from './orders/payments.js';
import { paymentAccountHandlers } from './payment-account-handlers.js';
import { createAccountGateway, type PaymentAccountGateway } from './payments/index.js';
import { PlatformScope } from './platform-scope.js';

/**
 * The storefront's management (issue 22, decision 035): orders through the intake, customers kept
 * current with them, payments through the project's payment account, fulfilments.
 */
export const storefrontModule = (options: { accountGateway?: PaymentAccountGateway } = {}) =>
  defineModule<
    'storefront',
    Record<string, never>,
    {
      integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
      drive: ServiceOf<typeof driveModule>;
      notifications: ServiceOf<typeof notificationsModule>;
    }
  >({
    name: 'storefront',
    needs: ['integrations', 'drive', 'notifications'],
    setup: async ({ db, clock, config, jobs, secret, log }, { integrations, drive, notifications }) => {
      // One gateway for the calls and the settling job: the sandbox keeps its idempotent answers in memory.
      const gateway = options.accountGateway ?? createAccountGateway(config, clock);
      const scope = new PlatformScope(db);
      registerPaymentSettlement(jobs, { db, clock, gateway });
      // Exports stream into a drive file in the background; the console polls their progress.
      registerExportJob(jobs, { db, clock, saveGenerated: drive.files.saveGenerated, notifications, log });
      return {
        handlers: {
          ...orderHandlers({ db, clock, jobs, scope, gateway }),
          ...customerHandlers({ db, scope }),
          ...exportHandlers({ db, clock, jobs, scope, driveInstalled: drive.files.installed }),
          ...fulfillmentHandlers({ db, clock, scope, installed: integrations.installed }),
          ...paymentAccountHandlers({
            db,
            clock,
            gateway,
            stateSecret: await secret('storefront-oauth-state'),
            publicUrl: config.PUBLIC_URL,
          }),
        },
        service: {},
      };
    },
  });
