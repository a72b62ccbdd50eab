import type { operations } from '@wharf/contract';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';

export type DocumentOperations = Pick<
  typeof operations,
  | 'getOverview'
  | 'downloadInvoice'
  | 'exportInvoiceTransactions'
  | 'createSummary'
  | 'listSummaries'
  | 'getSummary'
  | 'deleteSummary'
  | 'downloadSummary'
  | 'exportSummaryTransactions'
  | 'exportTransactions'
  | 'exportAdminTransactions'
>;

const todo = () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not built yet.');
};

/** The overview, summaries, PDF downloads and CSV exports (being built). */
export function documentHandlers(_deps: {
  db: Database;
  clock: Clock;
  idempotencySecret: string;
}): Handlers<DocumentOperations> {
  return {
    getOverview: todo,
    downloadInvoice: todo,
    exportInvoiceTransactions: todo,
    createSummary: todo,
    listSummaries: todo,
    getSummary: todo,
    deleteSummary: todo,
    downloadSummary: todo,
    exportSummaryTransactions: todo,
    exportTransactions: todo,
    exportAdminTransactions: todo,
  };
}
