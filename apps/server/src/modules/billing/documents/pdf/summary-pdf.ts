import type { CompanyDetails } from '@wharf/contract';
import type { SummaryRow } from '../summaries.js';
import { companyLines } from './invoice-pdf.js';
import {
  block,
  fields,
  footer,
  formatDate,
  formatPeriod,
  header,
  money,
  newDocument,
  table,
  toBuffer,
  type Branding,
} from './layout.js';

/** Statement titles and file names name the period's first month: `2026-10`. */
export const statementMonth = (row: Pick<SummaryRow, 'periodStart'>) => row.periodStart.toISOString().slice(0, 7);

/** The statement as a PDF: the opening balance, each kind of movement, the closing balance. */
export async function renderSummaryPdf(
  summary: SummaryRow,
  company: CompanyDetails | null,
  brand: Branding,
): Promise<Buffer> {
  const title = 'Statement';
  const period = formatPeriod(summary.periodStart, summary.periodEnd);
  const doc = newDocument(`${title} ${period}`, summary.createdAt, brand.name);
  const c = summary.currency;
  header(doc, brand, title, period);

  const top = doc.y;
  const account = block(doc, 'Account', company ? companyLines(company) : ['—'], 50, top);
  const facts = fields(
    doc,
    [
      ['Period', period],
      ['Currency', c],
      ['Transactions', String(summary.transactionCount)],
      ['Made', formatDate(summary.createdAt)],
    ],
    300,
    top,
  );
  doc.y = Math.max(account, facts) + 25;

  // Movements are signed as they moved the balance: charges and refunds take, credits and payments give.
  table(
    doc,
    [
      { title: 'Item', width: 0.7 },
      { title: 'Amount', width: 0.3, align: 'right' },
    ],
    [
      ['Opening balance', money(summary.openingBalance, c)],
      ['Charges', money(summary.charges, c)],
      ['Credits', money(summary.credits, c)],
      ['Payments', money(summary.payments, c)],
      ['Refunds', money(summary.refunds, c)],
      ['Adjustments', money(summary.adjustments, c)],
      ['Closing balance', money(summary.closingBalance, c)],
    ],
  );
  footer(doc, `${brand.name} · Statement ${statementMonth(summary)} ${c}`);
  return toBuffer(doc);
}
