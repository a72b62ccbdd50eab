import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingPageApi, captureDownloads, P, summaryFixture } from '../../features/billing/billing-fixtures';
import { lastMonth, monthPeriod } from '../../features/billing/dates';
import { apiError, json, listPage, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const LIST = 'GET /v1/billing/summaries';
const CREATE = 'POST /v1/billing/summaries';
const path = `/billing/summaries?project=${P}`;
const october = summaryFixture(1);

afterEach(() => vi.unstubAllGlobals());

describe('billing summaries', () => {
  it('lists statements with their opening and closing balances', async () => {
    renderApp(path, billingPageApi({ [LIST]: listPage([october]) }).fetch);
    const table = await screen.findByRole('table', { name: 'Statements' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').slice(0, 7);
    expect(cells.map((c) => c.textContent)).toEqual([
      'Oct 1, 2026 – Oct 31, 2026',
      '€100.00',
      '-€40.00',
      '€50.00',
      '€110.00',
      '7',
      'Nov 2, 2026',
    ]);
  });

  it('says so when there are none', async () => {
    renderApp(path, billingPageApi({ [LIST]: listPage([]) }).fetch);
    expect(await screen.findByText('No statements yet.')).toBeInTheDocument();
  });

  it('creates a statement for last month by default, or for two dates', async () => {
    const api = billingPageApi({
      [LIST]: listPage([]),
      [CREATE]: ({ body }: FakeCall) => json(201, summaryFixture(2, body as object)),
    });
    renderApp(path, api.fetch);
    const form = await screen.findByRole('form', { name: 'Create a statement' });
    expect(within(form).getByLabelText('Month')).toHaveValue(lastMonth());
    await userEvent.click(within(form).getByRole('button', { name: 'Create statement' }));
    expect(await within(form).findByText(/^Statement for .* created\.$/)).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual(monthPeriod(lastMonth()));
    expect(api.callsTo(CREATE)[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(within(form).getByLabelText('From – to dates'));
    await userEvent.type(within(form).getByLabelText('From'), '2026-10-05');
    await userEvent.type(within(form).getByLabelText('To (included)'), '2026-10-04');
    await userEvent.click(within(form).getByRole('button', { name: 'Create statement' }));
    // The contract's own words, before anything is sent.
    expect(within(form).getByLabelText('To (included)')).toHaveAccessibleDescription(
      'The period must end after it starts.',
    );
    expect(api.callsTo(CREATE)).toHaveLength(1);

    await userEvent.clear(within(form).getByLabelText('To (included)'));
    await userEvent.type(within(form).getByLabelText('To (included)'), '2026-10-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Create statement' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(2));
    expect(api.callsTo(CREATE)[1]?.body).toEqual({
      periodStart: '2026-10-05T00:00:00.000Z',
      periodEnd: '2026-10-21T00:00:00.000Z',
    });
  });

  it('shows the server’s refusal of a statement', async () => {
    const api = billingPageApi({
      [LIST]: listPage([]),
      [CREATE]: () => apiError(400, 'VALIDATION_ERROR', 'The period cannot be in the future'),
    });
    renderApp(path, api.fetch);
    const form = await screen.findByRole('form', { name: 'Create a statement' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create statement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The period cannot be in the future');
  });

  it('deletes a statement after confirming', async () => {
    const DELETE = `DELETE /v1/billing/summaries/${october.id}`;
    let list = [october];
    const api = billingPageApi({
      [LIST]: () => listPage(list),
      [DELETE]: () => {
        list = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(path, api.fetch);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the statement for Oct 1, 2026 – Oct 31, 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this statement?' });
    expect(dialog).toHaveTextContent('The transactions it summarises stay as they are');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete statement' }));
    expect(await screen.findByText('Statement for Oct 1, 2026 – Oct 31, 2026 deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No statements yet.')).toBeInTheDocument();
    expect(api.callsTo(DELETE)).toHaveLength(1);
  });

  it('downloads a statement as PDF and its transactions as CSV', async () => {
    const files = captureDownloads(vi);
    const api = billingPageApi({
      [LIST]: listPage([october]),
      [`GET /v1/billing/summaries/${october.id}/download`]: () =>
        new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }),
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      expect(String(input)).toBe(`/v1/billing/summaries/${october.id}/transactions/export?project=${P}`);
      return Promise.resolve(new Response('id\n1\n', { headers: { 'content-type': 'text/csv' } }));
    });
    renderApp(path, api.fetch);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download the statement for Oct 1, 2026 – Oct 31, 2026 as PDF' }),
    );
    await waitFor(() => expect(files.map((f) => f.name)).toEqual(['summary-2026-10-01-EUR.pdf']));
    await userEvent.click(
      screen.getByRole('button', { name: 'Export the transactions of Oct 1, 2026 – Oct 31, 2026 as CSV' }),
    );
    await waitFor(() => expect(files.map((f) => f.name)).toContain('summary-2026-10-01-EUR.csv'));
  });
});
