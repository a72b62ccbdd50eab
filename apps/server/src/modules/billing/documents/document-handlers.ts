import type { operations } from '@wharf/contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { Handlers } from '../../../core/http/operations.js';
import { projectPlatformId } from '../../projects/read-models.js';
import { loadAccount } from '../account.js';
import { exportFilename, platformProjects, transactionFilters, transactionsCsv } from './exports.js';
import { idempotent } from '../ledger/idempotency.js';
import { getOverview } from '../overview.js';
import { brandingOfPlatform, brandingOfProject } from './pdf/branding.js';
import { renderInvoicePdf } from './pdf/invoice-pdf.js';
import { renderSummaryPdf, statementMonth } from './pdf/summary-pdf.js';
import { invoices, transactions } from '../schema.js';
import { createSummary, deleteSummary, findSummary, listSummaries, toSummary, type SummaryRow } from './summaries.js';

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

export const invoiceNotFound = () => new AppError(404, 'INVOICE_NOT_FOUND', 'Invoice not found');

/** One of the project's invoices; another project's is not found. */
async function findInvoice(db: Executor, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.projectId, projectId)));
  if (!row) throw invoiceNotFound();
  return row;
}

/** A statement's entries: those of its wallet confirmed within its period, as its figures were summed. */
function summaryEntries(summary: SummaryRow) {
  if (!summary.walletId) return sql`false`;
  return and(
    eq(transactions.projectId, summary.projectId),
    eq(transactions.walletId, summary.walletId),
    eq(transactions.status, 'confirmed'),
    gte(transactions.confirmedAt, summary.periodStart),
    lt(transactions.confirmedAt, summary.periodEnd),
  );
}

/** The overview, summaries (statements), the PDF downloads and the CSV exports. */
export function documentHandlers(deps: {
  db: Database;
  clock: Clock;
  idempotencySecret: string;
}): Handlers<DocumentOperations> {
  const { db, clock } = deps;
  /** Cut off mid-stream, the file cannot turn into an error answer any more: it is logged. */
  const logFailure = (request: FastifyRequest) => (error: Error) =>
    request.log.error({ err: error }, 'transaction export failed mid-stream');

  return {
    getOverview: ({ query }) => getOverview(db, query.project, clock.now()),

    downloadInvoice: async ({ params, query }) => {
      const invoice = await findInvoice(db, query.project, params.id);
      const lines = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.projectId, query.project), eq(transactions.invoiceId, invoice.id)))
        .orderBy(asc(transactions.confirmedAt), asc(transactions.createdAt), asc(transactions.id));
      const brand = await brandingOfPlatform(db, invoice.platformId);
      return {
        filename: `${invoice.number}.pdf`,
        body: await renderInvoicePdf(invoice, lines, brand, clock.now()),
      };
    },

    exportInvoiceTransactions: async ({ params, query, body }, request) => {
      const invoice = await findInvoice(db, query.project, params.id);
      return {
        filename: exportFilename('transactions', invoice.number, clock.now()),
        body: transactionsCsv(db, {
          where: and(eq(transactions.projectId, query.project), eq(transactions.invoiceId, invoice.id)),
          columns: body.columns,
          onError: logFailure(request),
        }),
      };
    },

    createSummary: idempotent<DocumentOperations['createSummary']>(deps, async (tx, { query, body }, request) => {
      const summary = await createSummary(tx, query.project, body, clock.now());
      await recordAudit(tx, request, {
        target: `summary:${summary.id}`,
        details: {
          currency: summary.currency,
          periodStart: summary.periodStart,
          periodEnd: summary.periodEnd,
          closingBalance: summary.closingBalance,
        },
      });
      return summary;
    }),

    listSummaries: ({ query }) => listSummaries(db, query.project, query),

    getSummary: async ({ params, query }) => toSummary(await findSummary(db, query.project, params.id)),

    deleteSummary: async ({ params, query }, request) =>
      db.transaction(async (tx) => {
        const gone = await deleteSummary(tx, query.project, params.id);
        await recordAudit(tx, request, {
          target: `summary:${gone.id}`,
          details: { currency: gone.currency, periodStart: gone.periodStart.toISOString() },
        });
        return undefined;
      }),

    downloadSummary: async ({ params, query }) => {
      const summary = await findSummary(db, query.project, params.id);
      const account = await loadAccount(db, query.project);
      const brand = await brandingOfProject(db, query.project);
      return {
        filename: `statement-${statementMonth(summary)}-${summary.currency}.pdf`,
        body: await renderSummaryPdf(summary, account.company, brand),
      };
    },

    exportSummaryTransactions: async ({ params, query, body }, request) => {
      const summary = await findSummary(db, query.project, params.id);
      return {
        filename: exportFilename(
          'transactions',
          `statement-${statementMonth(summary)}-${summary.currency}`,
          clock.now(),
        ),
        body: transactionsCsv(db, {
          where: summaryEntries(summary),
          columns: body.columns,
          onError: logFailure(request),
        }),
      };
    },

    exportTransactions: async ({ query, body }, request) => {
      await loadAccount(db, query.project);
      return {
        filename: exportFilename('transactions', query.project, clock.now()),
        body: transactionsCsv(db, {
          where: and(eq(transactions.projectId, query.project), transactionFilters(body)),
          columns: body.columns,
          onError: logFailure(request),
        }),
      };
    },

    exportAdminTransactions: async ({ query, body }, request) => {
      // The platform is the one of the project the call names (every call carries one).
      const platformId = await projectPlatformId(db, query.project);
      if (!platformId) throw new AppError(404, 'PROJECT_NOT_FOUND', 'Project not found');
      return {
        filename: exportFilename('transactions', 'platform', clock.now()),
        body: transactionsCsv(db, {
          where: and(platformProjects(db, platformId, body.projects), transactionFilters(body)),
          columns: body.columns,
          projectColumn: true,
          onError: logFailure(request),
        }),
      };
    },
  };
}
