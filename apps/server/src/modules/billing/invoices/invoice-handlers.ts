import type { operations } from '@wharf/contract';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { PaymentGateway } from '../gateway/gateway.js';
import { idempotent } from '../ledger/idempotency.js';
import { monthStart } from './invoice-lines.js';
import { payInvoice } from './invoice-payments.js';
import { runInvoicesForPeriod } from './invoice-run.js';
import { findInvoice, listInvoicePaymentAttempts, listInvoices, toInvoice, voidInvoice } from './invoices.js';

export type InvoiceOperations = Pick<
  typeof operations,
  'listInvoices' | 'getInvoice' | 'listInvoicePaymentAttempts' | 'payInvoice' | 'voidInvoice' | 'runInvoices'
>;

/** Invoices: listing, Pay now, voiding and the admin's run (the scheduler runs each month by itself, invoice-run.ts). */
export function invoiceHandlers(deps: {
  db: Database;
  clock: Clock;
  idempotencySecret: string;
  gateway: PaymentGateway;
}): Handlers<InvoiceOperations> {
  const { db, clock, gateway } = deps;

  return {
    listInvoices: ({ query }) => listInvoices(db, query.project, query, clock.now()),

    getInvoice: async ({ params, query }) => toInvoice(await findInvoice(db, query.project, params.id), clock.now()),

    listInvoicePaymentAttempts: ({ params, query }) => listInvoicePaymentAttempts(db, query.project, params.id, query),

    payInvoice: idempotent<InvoiceOperations['payInvoice']>(deps, async (tx, { params, query, body }, request) => {
      const now = clock.now();
      const paid = await payInvoice(tx, gateway, query.project, params.id, body.paymentMethodId, now);
      await recordAudit(tx, request, {
        target: `invoice:${paid.id}`,
        details: { number: paid.number, amount: paid.amountDue, currency: paid.currency, status: paid.status },
      });
      return toInvoice(paid, now);
    }),

    // Like every billing POST it honours Idempotency-Key: a retried void gets the first answer, not a 409.
    voidInvoice: idempotent<InvoiceOperations['voidInvoice']>(deps, async (tx, { params, query, body }, request) => {
      const now = clock.now();
      const voided = await voidInvoice(tx, query.project, params.id, body.reason, now);
      await recordAudit(tx, request, {
        target: `invoice:${voided.id}`,
        details: { number: voided.number, reason: body.reason },
      });
      return toInvoice(voided, now);
    }),

    runInvoices: async ({ body }, request) => {
      const now = clock.now();
      // By default the last whole month: the period that ended when this month began.
      const periodEnd = body.periodEnd ? new Date(body.periodEnd) : monthStart(now);
      if (periodEnd.getTime() > now.getTime()) {
        throw badRequest('An invoice run needs a period that has ended.', 'PERIOD_NOT_ENDED');
      }
      const result = await runInvoicesForPeriod(db, gateway, clock, periodEnd, (message, error) =>
        request.log.error({ err: error }, message),
      );
      // One entry for the whole run: it spans every project, each invoiced in a transaction of its own.
      await recordAudit(db, request, {
        target: `invoice-run:${periodEnd.toISOString()}`,
        details: { projects: result.projects, invoices: result.invoices, failed: result.failed },
      });
      return {
        periodStart: result.periodStart.toISOString(),
        periodEnd: result.periodEnd.toISOString(),
        projects: result.projects,
        invoices: result.invoices,
      };
    },
  };
}
