import type { operations } from '@wharf/contract';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PaymentGateway } from './gateway/gateway.js';

export type InvoiceOperations = Pick<
  typeof operations,
  'listInvoices' | 'getInvoice' | 'listInvoicePaymentAttempts' | 'payInvoice' | 'voidInvoice' | 'runInvoices'
>;

const todo = () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not built yet.');
};

/** Invoices: the run, numbering, collection with retries, Pay now and voiding (being built). */
export function invoiceHandlers(_deps: {
  db: Database;
  clock: Clock;
  idempotencySecret: string;
  gateway: PaymentGateway;
}): Handlers<InvoiceOperations> {
  return {
    listInvoices: todo,
    getInvoice: todo,
    listInvoicePaymentAttempts: todo,
    payInvoice: todo,
    voidInvoice: todo,
    runInvoices: todo,
  };
}
