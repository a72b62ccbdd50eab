import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { projectsModule } from '../projects/index.js';
import { withBillingFlags } from './account.js';
import { registerAutoTopUp } from './payments/auto-top-up.js';
import { createGateway, type PaymentGateway } from './gateway/index.js';
import { billingHandlers } from './handlers.js';
import { registerInvoiceJobs, scheduleInvoiceJobs } from './invoices/invoice-run.js';

/** Wallets and their ledger, payment methods, invoices and their documents, the monthly runs. */
export const billingModule = (options: { gateway?: PaymentGateway } = {}) =>
  defineModule<'billing', object, { projects: ServiceOf<typeof projectsModule> }>({
    name: 'billing',
    needs: ['projects'],
    setup: async ({ db, clock, testClock, config, jobs, secret, log }, { projects }) => {
      // The project calls answer with the project's billing alerts.
      projects.views.add((list, executor, { now, alerts }) => (alerts ? withBillingFlags(executor, list, now) : list));
      // One gateway for billing's calls and its background jobs (the monthly invoice run, the hourly
      // collector, auto top-ups): the Stripe gateway keeps each project's customer between calls.
      const gateway = options.gateway ?? createGateway(config, clock);
      registerInvoiceJobs(jobs, { db, gateway, clock, log });
      registerAutoTopUp(jobs, { db, clock, gateway, log });
      await scheduleInvoiceJobs(jobs, clock);
      return {
        handlers: billingHandlers({
          db,
          clock,
          idempotencySecret: await secret('idempotency-hmac'),
          jobs,
          gateway,
          ...(testClock ? { testClock } : {}),
        }),
        service: {},
      };
    },
  });
