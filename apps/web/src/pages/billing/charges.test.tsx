import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  billingPageApi,
  captureDownloads,
  P,
  readText,
  transactionFixture,
} from '../../features/billing/billing-fixtures';
import { apiError, json, listPage, queryOf } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const LIST = 'GET /v1/billing/transactions';
const path = `/billing/charges?project=${P}`;
const pending = transactionFixture(1, { status: 'pending', description: 'Label batch', confirmedAt: null });
const confirmed = transactionFixture(2, { type: 'payment', amount: 2500, integration: 'billing', description: null });

afterEach(() => vi.unstubAllGlobals());

/** A CSV body the test feeds chunk by chunk, as the server streams it. */
function csvStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/csv' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

describe('billing charges', () => {
  it('lists transactions with their type, amount and status', async () => {
    renderApp(path, billingPageApi({ [LIST]: listPage([pending, confirmed]) }).fetch);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Nov 10, 2026', 'Charge', 'Label batch', 'gfn', '-€15.00', 'Pending'],
      ['Nov 10, 2026', 'Top-up', 'order-2', 'billing', '€25.00', 'Confirmed'],
    ]);
    // Only pending entries can be confirmed.
    expect(within(rows[0]!).getByRole('button', { name: 'Confirm Label batch' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by integration and search, and pages', async () => {
    const api = billingPageApi({
      [LIST]: ({ url }) => (queryOf({ url }).pageToken ? listPage([confirmed]) : listPage([pending], 'next-1')),
    });
    renderApp(path, api.fetch);
    await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queryOf(api.callsTo(LIST).at(-1))).toMatchObject({ pageToken: 'next-1' }));
    await userEvent.type(screen.getByLabelText('Integration'), 'gfn');
    await userEvent.type(screen.getByLabelText('Search'), 'label');
    await waitFor(() =>
      expect(queryOf(api.callsTo(LIST).at(-1))).toEqual({
        project: P,
        pageSize: '20',
        integration: 'gfn',
        search: 'label',
      }),
    );
  });

  it('says so when nothing matches', async () => {
    const api = billingPageApi({ [LIST]: ({ url }) => (queryOf({ url }).search ? listPage([]) : listPage([pending])) });
    renderApp(path, api.fetch);
    await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.type(screen.getByLabelText('Search'), 'nothing');
    expect(await screen.findByText('No transactions match.')).toBeInTheDocument();
  });

  it('confirms a pending transaction after asking, with an Idempotency-Key', async () => {
    const CONFIRM = `POST /v1/billing/transactions/${pending.id}/confirm`;
    const api = billingPageApi({
      [LIST]: listPage([pending]),
      [CONFIRM]: () => json(200, { ...pending, status: 'confirmed' }),
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Label batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this transaction?' });
    expect(dialog).toHaveTextContent('Charge of -€15.00 (Label batch) then counts in the balance.');
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Transaction of €15.00 confirmed.')).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refused confirmation in the dialog', async () => {
    const CONFIRM = `POST /v1/billing/transactions/${pending.id}/confirm`;
    const api = billingPageApi({
      [LIST]: listPage([pending]),
      [CONFIRM]: () => apiError(409, 'COMPANY_NOT_FOUND', 'no company'),
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Label batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this transaction?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Company setup required.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Fix' })).toHaveAttribute('href', `/project/settings?project=${P}`);
  });

  it('exports the CSV as it streams: bytes and rows so far, then the file', async () => {
    const files = captureDownloads(vi);
    const api = billingPageApi({ [LIST]: listPage([pending]) });
    const stream = csvStream();
    const exportCalls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      exportCalls.push({ url: String(input), init });
      return Promise.resolve(stream.response);
    });
    renderApp(path, api.fetch);
    await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.type(screen.getByLabelText('Integration'), 'gfn');
    await waitFor(() => expect(queryOf(api.callsTo(LIST).at(-1))).toMatchObject({ integration: 'gfn' }));

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportCalls).toHaveLength(1));
    expect(exportCalls[0]?.url).toBe(`/v1/billing/transactions/export?project=${P}`);
    expect(new Headers(exportCalls[0]?.init?.headers).get('authorization')).toMatch(/^Bearer ey/);
    // The export follows the list's filters.
    expect(JSON.parse(String(exportCalls[0]?.init?.body))).toEqual({ integration: 'gfn' });

    stream.push('id,amount\n1,-1500\n');
    expect(await screen.findByText('Exporting… 18 bytes received, 1 row')).toBeInTheDocument();
    stream.push('2,2500\n3,-1\n');
    expect(await screen.findByText('Exporting… 30 bytes received, 3 rows')).toBeInTheDocument();
    stream.close();
    expect(await screen.findByText('Export saved: 3 rows, 30 bytes.')).toBeInTheDocument();
    expect(files).toHaveLength(1);
    expect(files[0]?.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readText(files[0]!.blob)).toBe('id,amount\n1,-1500\n2,2500\n3,-1\n');
  });

  it('cancels a running export', async () => {
    const files = captureDownloads(vi);
    const api = billingPageApi({ [LIST]: listPage([pending]) });
    const stream = csvStream();
    let signal: AbortSignal | null | undefined;
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal;
      return Promise.resolve(stream.response);
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    stream.push('id\n1\n');
    expect(await screen.findByText('Exporting… 5 bytes received, 1 row')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export cancelled.')).toBeInTheDocument();
    expect(signal?.aborted).toBe(true);
    expect(files).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('says why an export failed', async () => {
    const api = billingPageApi({ [LIST]: listPage([pending]) });
    vi.stubGlobal('fetch', () => Promise.resolve(apiError(403, 'FORBIDDEN', 'You may not export')));
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed: You may not export');
  });
});
