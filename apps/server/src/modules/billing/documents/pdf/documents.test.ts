import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../../test/app.js';
import { billingUrl, charge, credit } from '../../../../test/billing.js';
import { adminBookAt, billedProject, bookAt, insertInvoice, pdfText } from '../../../../test/billing-documents.js';
import { bearerUser, type BearerUser } from '../../../../test/projects.js';
import { setPlatformLogos } from '../../../platform/testing.js';
import { transactions } from '../../schema.js';
import { embeddableLogo } from './branding.js';
import { money } from './layout.js';

const START = '2026-01-15T12:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** The smallest PNG there is: one transparent pixel. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('money on paper', () => {
  it('formats in the currency, en-GB, with its own digits', () => {
    expect(money(123_456, 'EUR')).toBe('€1,234.56');
    expect(money(-5, 'EUR')).toBe('-€0.05');
    expect(money(1_234, 'JPY')).toBe('JP¥1,234');
    expect(money(2_500, 'GBP')).toBe('£25.00');
  });
});

describe('logos on paper', () => {
  it('embeds only a PNG or JPEG held inline, never a URL', () => {
    const meta = { device: 'desktop', theme: 'light' } as const;
    expect(embeddableLogo([{ url: '/brand/logo-desktop-light.svg', meta }])).toBeNull();
    expect(embeddableLogo([{ url: 'https://cdn.example/logo.png', meta }])).toBeNull();
    expect(
      embeddableLogo([{ url: `data:image/png;base64,${PIXEL_PNG}`, meta }])
        ?.subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});

describe('invoice and statement PDFs', () => {
  let t: TestApp;
  let owner: BearerUser;
  let p: string;

  const download = async (path: string, project: string) => {
    const res = await owner.call('GET', billingUrl(path, project));
    return { res, pdf: res.rawPayload };
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'pdf.owner@example.com');
    p = await billedProject(owner, 'Paper');
  });
  afterAll(() => t.close());

  async function invoiceWith(lineCount: number) {
    await adminBookAt(t, p, '2025-12-01T00:00:00Z', credit(10_000_000));
    const lines: string[] = [];
    for (let i = 0; i < lineCount; i++) {
      const at = new Date(Date.UTC(2025, 11, 2, 0, i)).toISOString();
      lines.push((await bookAt(t, owner, p, at, charge(1_000 + i, { description: `Fulfilment batch ${i + 1}` }))).id);
    }
    const subtotal = lines.reduce((sum, _, i) => sum + 1_000 + i, 0);
    const tax = Math.round(subtotal * 0.21);
    // The tax as the invoice run books it: a ledger line of its own, shown on paper as the tax row.
    const taxLine = (
      await bookAt(t, owner, p, '2025-12-31T23:00:00Z', charge(tax, { integration: 'billing', description: 'VAT 21%' }))
    ).id;
    lines.push(taxLine);
    const invoice = await insertInvoice(t.database.db, p, lines, {
      subtotal,
      tax,
      total: subtotal + tax,
      amountDue: 0,
      amountPaid: subtotal + tax,
      status: 'paid',
      paidAt: new Date('2026-01-01T06:00:00Z'),
      lineCount: lines.length,
    });
    await t.database.db
      .update(transactions)
      .set({ sourceReference: `tax:${invoice.number}` })
      .where(eq(transactions.id, taxLine));
    return { invoice, subtotal, tax };
  }

  it('prints the number, dates, status, company, lines, tax and totals', async () => {
    const { invoice, subtotal, tax } = await invoiceWith(3);
    t.clock.set(START);
    const { res, pdf } = await download(`/invoices/${invoice.id}/download`, p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Wharf'); // the platform's name as the wordmark
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Issued');
    expect(text).toContain('1 Jan 2026');
    expect(text).toContain('15 Jan 2026');
    expect(text).toContain('Paid');
    expect(text).toContain('Harbour Goods B.V.');
    expect(text).toContain('Kade 1');
    expect(text).toContain('1011 AA Amsterdam');
    expect(text).toContain('Tax ID: NL123456789B01');
    expect(text).toContain('billing@harbour.example');
    expect(text).toMatch(/2 Dec 2025\s+Fulfilment batch 2\s+€10\.01/);
    expect(text).toMatch(new RegExp(`Subtotal\\s+${money(subtotal, 'EUR').replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`VAT 21%\\s+${money(tax, 'EUR').replace('.', '\\.')}`));
    expect(text).toMatch(/Total\s+€36\.34/);
    expect(money(subtotal + tax, 'EUR')).toBe('€36.34');
    // The tax line of the ledger is the tax row, not a line above the subtotal.
    expect(text.match(/VAT 21%/g)).toHaveLength(1);
  });

  it('gives the same bytes for the same invoice, whenever it is downloaded', async () => {
    const { invoice } = await invoiceWith(1);
    t.clock.set(START);
    const first = (await download(`/invoices/${invoice.id}/download`, p)).pdf;
    t.clock.set('2026-03-01T00:00:00Z');
    await owner.refresh(); // the first token has expired by then
    const second = await download(`/invoices/${invoice.id}/download`, p);
    expect(second.res.statusCode).toBe(200);
    expect(second.pdf.equals(first)).toBe(true);
    t.clock.set(START);
    await owner.refresh();
  });

  it('breaks a long invoice across pages and prints every line', async () => {
    const { invoice } = await invoiceWith(90);
    t.clock.set(START);
    const text = await pdfText((await download(`/invoices/${invoice.id}/download`, p)).pdf);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    for (const n of [1, 45, 90]) expect(text).toContain(`Fulfilment batch ${n}`);
    // The header row is repeated on the following pages.
    expect(text.match(/Date\s+Description\s+Amount/g)!.length).toBe(pages);
  });

  it('shows an unpaid invoice past its due date as overdue', async () => {
    const { invoice } = await invoiceWith(1);
    const due = await insertInvoice(t.database.db, p, [], {
      status: 'due',
      dueAt: new Date('2026-01-10T00:00:00Z'),
      total: invoice.total,
      amountDue: invoice.total,
    });
    t.clock.set(START);
    expect(await pdfText((await download(`/invoices/${due.id}/download`, p)).pdf)).toContain('Overdue');
  });

  it('prints the platform logo when it is an embeddable image', async () => {
    const { invoice } = await invoiceWith(1);
    await setPlatformLogos(t.database.db, invoice.platformId, [
      { url: `data:image/png;base64,${PIXEL_PNG}`, meta: { device: 'desktop', theme: 'light' } },
    ]);
    const { res, pdf } = await download(`/invoices/${invoice.id}/download`, p);
    expect(res.statusCode).toBe(200);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it("answers 404 INVOICE_NOT_FOUND for another project's invoice", async () => {
    const { invoice } = await invoiceWith(1);
    const other = await billedProject(owner, 'Paper other');
    for (const id of [invoice.id, UNKNOWN]) {
      const { res } = await download(`/invoices/${id}/download`, other);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' });
    }
  });

  it('prints a statement: the period, opening balance, each movement and the closing balance', async () => {
    const q = await billedProject(owner, 'Paper statement');
    await adminBookAt(t, q, '2025-09-10T00:00:00Z', credit(50_000));
    await bookAt(t, owner, q, '2025-10-05T00:00:00Z', charge(12_345));
    await adminBookAt(t, q, '2025-10-06T00:00:00Z', credit(1_000));
    t.clock.set(START);
    const summary = (
      await owner.call('POST', billingUrl('/summaries', q), {
        periodStart: '2025-10-01T00:00:00Z',
        periodEnd: '2025-11-01T00:00:00Z',
      })
    ).json();
    const { res, pdf } = await download(`/summaries/${summary.id}/download`, q);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="statement-2025-10-EUR.pdf"');
    const text = await pdfText(pdf);
    expect(text).toContain('Statement');
    expect(text).toContain('1 Oct 2025 – 31 Oct 2025');
    expect(text).toContain('Harbour Goods B.V.');
    expect(text).toMatch(/Opening balance\s+€500\.00/);
    expect(text).toMatch(/Charges\s+-€123\.45/);
    expect(text).toMatch(/Credits\s+€10\.00/);
    expect(text).toMatch(/Payments\s+€0\.00/);
    expect(text).toMatch(/Refunds\s+€0\.00/);
    expect(text).toMatch(/Adjustments\s+€0\.00/);
    expect(text).toMatch(/Closing balance\s+€386\.55/);
    const again = (await download(`/summaries/${summary.id}/download`, q)).pdf;
    expect(again.equals(pdf)).toBe(true);
  });
});
