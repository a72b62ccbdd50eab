import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  billingPageApi,
  captureDownloads,
  invoiceFixture,
  P,
  readText,
  transactionFixture,
} from '../../features/billing/billing-fixtures';
import { apiError, json, listPage, queryOf } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const INVOICES = 'GET /v1/billing/invoices';
const path = `/billing/invoices?project=${P}`;

const paid = invoiceFixture(1);
const due = invoiceFixture(2, {
  status: 'due',
  amountDue: 12100,
  amountPaid: 0,
  paidAt: null,
  nextAttemptAt: '2026-11-20T00:00:00.000Z',
});
const overdue = invoiceFixture(3, { status: 'overdue', amountDue: 5000, amountPaid: 7100, paidAt: null });
const failed = invoiceFixture(4, { status: 'failed', amountDue: 100, paidAt: null });
const voided = invoiceFixture(5, { status: 'void', amountDue: 0, voidReason: 'Issued twice' });

const rowOf = (number: string) => screen.getByRole('button', { name: `Open invoice ${number}` }).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('billing invoices', () => {
  it('lists the invoices with their period, dates, amounts and a status tag in its colour', async () => {
    renderApp(path, billingPageApi({ [INVOICES]: listPage([paid, due, overdue, failed, voided]) }).fetch);
    await screen.findByRole('table', { name: 'Invoices' });
    const row = rowOf('INV-2026-0002');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'INV-2026-0002',
      'Oct 1, 2026 – Oct 31, 2026',
      'Nov 1, 2026',
      'Nov 15, 2026',
      '€121.00',
      '€121.00',
      'Due',
    ]);
    const tone = (number: string) =>
      within(rowOf(number))
        .getByText(/Paid|Due|Overdue|Failed|Void/)
        .closest('span.rounded-full');
    expect(tone('INV-2026-0001')).toHaveClass('text-success');
    expect(tone('INV-2026-0002')).toHaveClass('text-primary');
    expect(tone('INV-2026-0003')).toHaveClass('text-danger');
    expect(tone('INV-2026-0004')).toHaveClass('text-warning');
    expect(tone('INV-2026-0005')).toHaveClass('text-muted');
  });

  it('says so when there are none', async () => {
    renderApp(path, billingPageApi({ [INVOICES]: listPage([]) }).fetch);
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });

  it('filters by status and number, and pages with the server’s token both ways', async () => {
    const api = billingPageApi({
      [INVOICES]: ({ url }) => {
        const q = queryOf({ url });
        if (q.pageToken === 'page-2') return listPage([invoiceFixture(30)]);
        return listPage([paid, due], 'page-2');
      },
    });
    renderApp(path, api.fetch);
    await screen.findByRole('table', { name: 'Invoices' });
    expect(queryOf(api.callsTo(INVOICES)[0])).toEqual({ project: P, pageSize: '20' });

    const pages = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Open invoice INV-2026-0030' })).toBeInTheDocument();
    expect(queryOf(api.callsTo(INVOICES).at(-1))).toEqual({ project: P, pageSize: '20', pageToken: 'page-2' });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Invoices pages' })).getByRole('button', { name: 'Previous' }),
    );
    expect(await screen.findByRole('button', { name: 'Open invoice INV-2026-0001' })).toBeInTheDocument();

    // A filter starts over at the first page.
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Invoices pages' })).getByRole('button', { name: 'Next' }),
    );
    await screen.findByText('Page 2');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Overdue');
    await waitFor(() =>
      expect(queryOf(api.callsTo(INVOICES).at(-1))).toEqual({ project: P, pageSize: '20', status: 'overdue' }),
    );
    await userEvent.type(screen.getByLabelText('Search by number'), 'INV-2026-00');
    await waitFor(() =>
      expect(queryOf(api.callsTo(INVOICES).at(-1))).toEqual({
        project: P,
        pageSize: '20',
        status: 'overdue',
        search: 'INV-2026-00',
      }),
    );
  });

  it('opens an invoice with its totals, lines, payment attempts, PDF and CSV', async () => {
    const files = captureDownloads(vi);
    const lines = [
      transactionFixture(1, { invoiceId: due.id }),
      transactionFixture(2, { invoiceId: due.id, amount: -8500, description: 'Plan fee' }),
    ];
    const api = billingPageApi({
      [INVOICES]: listPage([paid, due]),
      'GET /v1/billing/transactions': listPage(lines),
      [`GET /v1/billing/invoices/${due.id}/payment-attempts`]: listPage([
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          paymentMethodId: '00000000-0000-4000-8000-0000000000b1',
          invoiceId: due.id,
          amount: 12100,
          currency: 'EUR',
          outcome: 'declined',
          gatewayReference: null,
          transactionId: null,
          createdAt: '2026-11-01T03:00:00.000Z',
        },
      ]),
      [`GET /v1/billing/invoices/${due.id}/download`]: () =>
        new Response('%PDF-1.7 fake', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    // The CSV export reads the stream itself, over the browser's fetch.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith(`/v1/billing/invoices/${due.id}/transactions/export`))
        return Promise.resolve(
          new Response('id,amount\n1,-1500\n2,-8500\n', { headers: { 'content-type': 'text/csv' } }),
        );
      return api.fetch(input, init);
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Open invoice INV-2026-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-0002' });
    const totals = within(dialog).getByLabelText('Totals');
    expect(totals).toHaveTextContent('Subtotal€100.00Tax (21 %)€21.00Total€121.00Paid€0.00Outstanding€121.00');

    const lineTable = await within(dialog).findByRole('table', { name: 'Invoice lines' });
    expect(within(lineTable).getByText('Plan fee')).toBeInTheDocument();
    expect(within(lineTable).getByText('-€85.00')).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /v1/billing/transactions')[0])).toMatchObject({ invoice: due.id });

    const attempts = within(dialog).getByRole('region', { name: 'Payment attempts' });
    expect(await within(attempts).findByText('Declined')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(files.map((f) => f.name)).toContain('INV-2026-0002.pdf'));
    expect(await readText(files.find((f) => f.name === 'INV-2026-0002.pdf')!.blob)).toBe('%PDF-1.7 fake');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Export lines (CSV)' }));
    expect(await within(dialog).findByText(/Export saved: 2 rows/)).toBeInTheDocument();
    expect(files.map((f) => f.name)).toContain('INV-2026-0002.csv');
  });

  it('pages through a long invoice’s lines', async () => {
    const first = transactionFixture(1, { invoiceId: due.id, description: 'Label batch 1' });
    const second = transactionFixture(2, { invoiceId: due.id, description: 'Label batch 21' });
    const api = billingPageApi({
      [INVOICES]: listPage([due]),
      'GET /v1/billing/transactions': (call) =>
        new URL(call.url, 'http://x').searchParams.get('pageToken') === 'after-20'
          ? listPage([second])
          : listPage([first], 'after-20'),
      [`GET /v1/billing/invoices/${due.id}/payment-attempts`]: listPage([]),
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Open invoice INV-2026-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-0002' });
    expect(await within(dialog).findByText('Label batch 1')).toBeInTheDocument();
    const pages = within(dialog).getByRole('navigation', { name: 'Invoice lines pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Label batch 21')).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET /v1/billing/transactions').at(-1))).toMatchObject({
      invoice: due.id,
      pageToken: 'after-20',
    });
  });

  it('pays a due invoice now with an Idempotency-Key, and shows a refusal in the server’s words', async () => {
    const answers = [
      () => apiError(402, 'CARD_DECLINED', 'The card was declined by the bank.'),
      () => json(200, { ...due, status: 'paid', amountDue: 0, amountPaid: 12100, paidAt: '2026-11-21T10:00:00.000Z' }),
    ];
    const PAY = `POST /v1/billing/invoices/${due.id}/pay`;
    const api = billingPageApi({
      [INVOICES]: listPage([paid, due]),
      'GET /v1/billing/transactions': listPage([]),
      [`GET /v1/billing/invoices/${due.id}/payment-attempts`]: listPage([]),
      [PAY]: () => answers.shift()!(),
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Open invoice INV-2026-0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-2026-0002' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay €121.00 now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The card was declined by the bank.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay €121.00 now' }));
    expect(await within(dialog).findByText('Invoice paid.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Pay .* now/ })).not.toBeInTheDocument();
    const calls = api.callsTo(PAY);
    expect(calls.map((c) => c.body)).toEqual([{}, {}]);
    expect(calls[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The decline was an answer: paying again is a new attempt with its own key.
    expect(calls[1]?.headers.get('idempotency-key')).not.toBe(calls[0]?.headers.get('idempotency-key'));
  });

  it('offers Pay now only for due, failed and overdue invoices', async () => {
    const api = billingPageApi({
      [INVOICES]: listPage([paid, overdue, voided]),
      'GET /v1/billing/transactions': listPage([]),
      [`GET /v1/billing/invoices/${paid.id}/payment-attempts`]: listPage([]),
      [`GET /v1/billing/invoices/${overdue.id}/payment-attempts`]: listPage([]),
      [`GET /v1/billing/invoices/${voided.id}/payment-attempts`]: listPage([]),
    });
    renderApp(path, api.fetch);
    for (const [invoice, payable] of [
      [paid, false],
      [overdue, true],
      [voided, false],
    ] as const) {
      await userEvent.click(await screen.findByRole('button', { name: `Open invoice ${invoice.number}` }));
      const dialog = await screen.findByRole('dialog', { name: `Invoice ${invoice.number}` });
      expect(Boolean(within(dialog).queryByRole('button', { name: /^Pay .* now$/ }))).toBe(payable);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });
});
