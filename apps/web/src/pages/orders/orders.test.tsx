import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../features/billing/billing-fixtures';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { dayEnd, dayStart, daysAgo } from '../../features/storefront/filters';
import {
  exportFixture,
  exportSteps,
  orderFixture,
  P,
  PLATFORM,
  storefrontApi,
  summaryOf,
} from '../../features/storefront/storefront-fixtures';
import { deferred, json, listPage, queryOf } from '../../test/fake-api';

afterEach(() => {
  forgetModules();
});

const ORDERS = `/platform/orders?project=${P}`;
const LIST = `GET ${PLATFORM}/orders`;

const paid = summaryOf(orderFixture(3, { status: 'paid' }));
const fresh = summaryOf(orderFixture(2, { status: 'new', paymentFailed: true }));
const done = summaryOf(orderFixture(1, { status: 'complete' }));

const rows = () =>
  within(screen.getByRole('table', { name: 'Orders, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('the Orders page (platform.orders)', () => {
  it('lists the orders with their status in colour and marks a failed payment, under the page title', async () => {
    const api = storefrontApi({ [LIST]: listPage([paid, fresh, done]) });
    renderWithModules(ORDERS, api.fetch);
    expect(await screen.findByRole('link', { name: 'Order #1003' })).toHaveAttribute(
      'href',
      `/platform/orders/${paid.id}?project=${P}`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Orders - Wharf'));
    expect(rows()).toHaveLength(3);
    const second = rows()[1]!;
    expect(within(second).getByText('New')).toHaveAttribute('data-status', 'new');
    expect(within(second).getByText(/Payment failed/)).toHaveAttribute('data-status', 'payment-failed');
    expect(within(rows()[0]!).getByText('Paid')).toHaveAttribute('data-status', 'paid');
    expect(within(rows()[0]!).queryByText(/Payment failed/)).not.toBeInTheDocument();
    expect(within(rows()[2]!).getByText('Complete')).toHaveAttribute('data-status', 'complete');
    expect(within(rows()[0]!).getByText('Buyer 1')).toBeInTheDocument();
    expect(queryOf(api.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25', dateFilterType: 'placed' });
  });

  it('searches, filters by a date range of the chosen date, and pages with the next page token', async () => {
    const api = storefrontApi({
      [LIST]: (call) => (queryOf(call).pageToken === 'next-1' ? listPage([done]) : listPage([paid, fresh], 'next-1')),
    });
    renderWithModules(ORDERS, api.fetch);
    await screen.findByRole('link', { name: 'Order #1003' });
    expect(screen.getByText('2 orders shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Order #1001' });
    expect(queryOf(api.callsTo(LIST).at(-1))).toMatchObject({ pageToken: 'next-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ada@example.com');
    await waitFor(() => expect(queryOf(api.callsTo(LIST).at(-1))).toMatchObject({ search: 'ada@example.com' }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Dates apply to' }), 'paid');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(queryOf(api.callsTo(LIST).at(-1))).toEqual({
        project: P,
        pageSize: '25',
        search: 'ada@example.com',
        dateFilterType: 'paid',
        start: dayStart('2026-11-01'),
        end: dayEnd('2026-11-30'),
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Paid' })).toBeInTheDocument();
  });

  it('shows loading, then the empty state, and says when dates match nothing', async () => {
    const answer = deferred<Response>();
    let first = true;
    const api = storefrontApi({
      [LIST]: () => {
        if (first) {
          first = false;
          return answer.promise;
        }
        return listPage([]);
      },
    });
    renderWithModules(ORDERS, api.fetch);
    expect(await screen.findByText('Loading orders…')).toBeInTheDocument();
    answer.resolve(listPage([]));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(await screen.findByText('No orders match these dates.')).toBeInTheDocument();
  });

  it('exports from 30 days ago unless told, shows the progress each second, then downloads the file', async () => {
    const files = captureDownloads(vi);
    const fileId = '00000000-0000-4000-8000-0000000000f1';
    const job = exportFixture();
    const api = storefrontApi({
      [LIST]: listPage([paid]),
      [`POST ${PLATFORM}/orders/export`]: () => json(202, job),
      [`GET ${PLATFORM}/exports/${job.id}`]: exportSteps([
        exportFixture({ status: 'running', rows: 400, total: 1000 }),
        exportFixture({ status: 'done', rows: 1000, total: 1000, fileId }),
      ]),
      [`GET /v1/drive/files/${fileId}`]: () => new Response('number,total\n1003,60.00\n', { status: 200 }),
    });
    renderWithModules(ORDERS, api.fetch);
    await screen.findByRole('link', { name: 'Order #1003' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'mug');
    await waitFor(() => expect(queryOf(api.callsTo(LIST).at(-1))).toMatchObject({ search: 'mug' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Exporting orders: 400 of 1,000 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export of orders' })).toHaveAttribute('value', '400');
    expect(queryOf(api.callsTo(`POST ${PLATFORM}/orders/export`)[0])).toEqual({
      project: P,
      start: dayStart(daysAgo(30)),
      search: 'mug',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }, { timeout: 5000 }));
    expect(screen.getByText('orders-2026-11-27.csv is ready (1,000 rows).')).toBeInTheDocument();
    await waitFor(() => expect(files.map((f) => f.name)).toEqual(['orders-2026-11-27.csv']));
    expect(api.callsTo(`GET /v1/drive/files/${fileId}`)[0]!.url).toContain(`project=${P}`);
  });

  it('exports from the chosen start, and says why an export failed', async () => {
    const job = exportFixture();
    const api = storefrontApi({
      [LIST]: listPage([paid]),
      [`POST ${PLATFORM}/orders/export`]: () => json(202, job),
      [`GET ${PLATFORM}/exports/${job.id}`]: () =>
        json(200, exportFixture({ status: 'failed', failure: 'The drive is full.' })),
    });
    renderWithModules(ORDERS, api.fetch);
    await screen.findByRole('link', { name: 'Order #1003' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The drive is full.')).toBeInTheDocument();
    expect(screen.getByText('The export failed')).toBeInTheDocument();
    expect(queryOf(api.callsTo(`POST ${PLATFORM}/orders/export`)[0])).toEqual({
      project: P,
      start: dayStart('2026-10-01'),
    });
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('says why the page is not available to a role without orders.read, and asks nothing of the orders', async () => {
    const api = storefrontApi({ [LIST]: listPage([paid]) }, ['projects.read']);
    renderWithModules(ORDERS, api.fetch);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText(/\(orders\.read\)/)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});
