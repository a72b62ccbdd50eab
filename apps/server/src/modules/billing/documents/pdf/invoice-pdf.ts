import type { CompanyDetails } from '@wharf/contract';
import type { invoices, transactions } from '../../schema.js';
import { taxLabel } from '../../tax.js';
import {
  block,
  fields,
  footer,
  formatDate,
  formatPeriod,
  header,
  money,
  newDocument,
  note,
  table,
  toBuffer,
  totals,
  type Branding,
} from './layout.js';

type InvoiceRow = typeof invoices.$inferSelect;
type Line = Pick<
  typeof transactions.$inferSelect,
  'amount' | 'integration' | 'sourceReference' | 'description' | 'createdAt' | 'confirmedAt'
>;

const STATUS_WORDS = { due: 'Due', failed: 'Payment failed', paid: 'Paid', void: 'Void', overdue: 'Overdue' } as const;

/** As the API reads it: an unpaid invoice past its due date is overdue. */
function statusAt(invoice: InvoiceRow, now: Date): keyof typeof STATUS_WORDS {
  const unpaid = invoice.status === 'due' || invoice.status === 'failed';
  return unpaid && invoice.dueAt.getTime() < now.getTime() ? 'overdue' : invoice.status;
}

/** The lines of an address block, as a letter would carry them. */
export function companyLines(company: CompanyDetails): string[] {
  const a = company.address;
  return [
    company.legalName,
    a.line1,
    ...(a.line2 ? [a.line2] : []),
    `${a.postalCode} ${a.city}`,
    ...(a.region ? [a.region] : []),
    a.country,
    ...(company.taxId ? [`Tax ID: ${company.taxId}`] : []),
    company.billingEmail,
  ];
}

/**
 * The invoice run books the tax as a ledger entry of its own (`tax:{number}`); on paper it is the
 * tax row under the subtotal, not a line above it, so the lines add up to the subtotal.
 */
const isTaxLine = (invoice: InvoiceRow, line: Line) => line.sourceReference === `tax:${invoice.number}`;

/**
 * The invoice as a PDF. Lines show what they cost the customer (a charge's ledger amount is its
 * effect on the wallet, negative; on an invoice it is a positive price, a credit a negative one).
 */
export async function renderInvoicePdf(
  invoice: InvoiceRow,
  lines: readonly Line[],
  brand: Branding,
  now: Date,
): Promise<Buffer> {
  const title = `Invoice ${invoice.number}`;
  const doc = newDocument(title, invoice.issuedAt, brand.name);
  const status = statusAt(invoice, now);
  const c = invoice.currency;
  header(doc, brand, title, STATUS_WORDS[status]);

  const top = doc.y;
  const billTo = block(doc, 'Bill to', invoice.company ? companyLines(invoice.company) : ['—'], 50, top);
  const facts = fields(
    doc,
    [
      ['Invoice', invoice.number],
      ['Issued', formatDate(invoice.issuedAt)],
      ['Due', formatDate(invoice.dueAt)],
      ['Period', formatPeriod(invoice.periodStart, invoice.periodEnd)],
      ['Status', STATUS_WORDS[status]],
      ...(invoice.paidAt ? ([['Paid', formatDate(invoice.paidAt)]] as [string, string][]) : []),
    ],
    300,
    top,
  );
  doc.y = Math.max(billTo, facts) + 25;

  table(
    doc,
    [
      { title: 'Date', width: 0.18 },
      { title: 'Description', width: 0.6 },
      { title: 'Amount', width: 0.22, align: 'right' },
    ],
    lines
      .filter((line) => !isTaxLine(invoice, line))
      .map((line) => [
        formatDate(line.confirmedAt ?? line.createdAt),
        line.description ?? `${line.integration} · ${line.sourceReference}`,
        money(-line.amount, c),
      ]),
  );

  totals(doc, [
    { label: 'Subtotal', value: money(invoice.subtotal, c) },
    { label: taxLabel(invoice.taxRateBps), value: money(invoice.tax, c) },
    { label: 'Total', value: money(invoice.total, c), strong: true },
    { label: 'Amount paid', value: money(invoice.amountPaid, c) },
    { label: 'Amount due', value: money(invoice.amountDue, c), strong: true },
  ]);

  if (invoice.status === 'void')
    note(doc, `This invoice was voided${invoice.voidReason ? `: ${invoice.voidReason}` : '.'}`);
  footer(doc, `${brand.name} · ${invoice.number}`);
  return toBuffer(doc);
}
