import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../features/billing/billing-fixtures';
import { formatMoney } from '../../features/billing/money';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { dayEnd, dayStart } from '../../features/storefront/filters';
import {
  customerDetailFixture,
  customerFixture,
  exportFixture,
  exportSteps,
  orderFixture,
  P,
  PLATFORM,
  storefrontApi,
} from '../../features/storefront/storefront-fixtures';
import { json, listPage, queryOf } from '../../test/fake-api';

afterEach(() => {
  forgetModules();
});

const CUSTOMERS = `/platform/customers?project=${P}`;
const LIST = `GET ${PLATFORM}/customers`;
const ada = customerFixture(3, { name: 'Ada Lovelace', email: 'ada@example.com' });
const grace = customerFixture(1, { name: 'Grace Hopper', email: 'grace@example.com' });

describe('the Customers page (platform.customers)', () => {
  it('lists the customers with their figures, linking to each', async () => {
    const api = storefrontApi({ [LIST]: listPage([ada, grace], 'next') });
    renderWithModules(CUSTOMERS, api.fetch);
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveAttribute('href', `/platform/customers/${ada.id}?project=${P}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customers - Wharf'));
    const row = within(screen.getByRole('table', { name: 'Customers' })).getAllByRole('row')[1]!;
    expect(within(row).getByText(formatMoney(7500, 'EUR'))).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(queryOf(api.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25', sortBy: '-lastPurchasedAt' });
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('sends the filter bar as the API takes it: comparisons, ranges in minor units, dates and the sort', async () => {
    const api = storefrontApi({ [LIST]: listPage([ada]) });
    renderWithModules(CUSTOMERS, api.fetch);
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const last = () => queryOf(api.callsTo(LIST).at(-1));

    const orders = screen.getByRole('group', { name: 'Total orders' });
    await userEvent.selectOptions(within(orders).getByRole('combobox'), 'gte');
    await userEvent.type(within(orders).getByRole('textbox', { name: 'Total orders: value' }), '3');
    await waitFor(() => expect(last()).toMatchObject({ totalOrderCount: 'gte:3' }));

    const value = screen.getByRole('group', { name: 'Lifetime value' });
    await userEvent.selectOptions(within(value).getByRole('combobox'), 'between');
    await userEvent.type(within(value).getByRole('textbox', { name: 'Lifetime value: from (EUR)' }), '10');
    await userEvent.type(within(value).getByRole('textbox', { name: 'Lifetime value: to (EUR)' }), '25.50');
    await waitFor(() => expect(last()).toMatchObject({ lifetimeValue: '1000..2550' }));

    fireEvent.change(screen.getByLabelText('Last purchased from'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('Last purchased to'), { target: { value: '2026-10-31' } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), '-lifetimeValue');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'ada');
    await waitFor(() =>
      expect(last()).toEqual({
        project: P,
        pageSize: '25',
        sortBy: '-lifetimeValue',
        search: 'ada',
        totalOrderCount: 'gte:3',
        lifetimeValue: '1000..2550',
        lastPurchasedStart: dayStart('2026-10-01'),
        lastPurchasedEnd: dayEnd('2026-10-31'),
      }),
    );

    // A range the wrong way round is not sent, and says why.
    const to = within(value).getByRole('textbox', { name: 'Lifetime value: to (EUR)' });
    await userEvent.clear(to);
    await userEvent.type(to, '5');
    expect(await within(value).findByText('The range’s end must not be below its start.')).toBeInTheDocument();
    await waitFor(() => expect(last().lifetimeValue).toBeUndefined());

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(last()).toEqual({ project: P, pageSize: '25', sortBy: '-lifetimeValue' }));
  });

  it('exports the filtered customers with progress, then downloads the file', async () => {
    const files = captureDownloads(vi);
    const fileId = '00000000-0000-4000-8000-0000000000f2';
    const job = exportFixture({ kind: 'customers', fileName: 'customers.csv' });
    const api = storefrontApi({
      [LIST]: listPage([ada]),
      [`POST ${PLATFORM}/customers/export`]: () => json(202, job),
      [`GET ${PLATFORM}/exports/${job.id}`]: exportSteps([
        { ...job, status: 'running', rows: 1, total: 2 },
        { ...job, status: 'done', rows: 2, total: 2, fileId },
      ]),
      [`GET /v1/drive/files/${fileId}`]: () => new Response('name,email\n', { status: 200 }),
    });
    renderWithModules(CUSTOMERS, api.fetch);
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const orders = screen.getByRole('group', { name: 'Total orders' });
    await userEvent.selectOptions(within(orders).getByRole('combobox'), 'lt');
    await userEvent.type(within(orders).getByRole('textbox', { name: 'Total orders: value' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Exporting customers: 1 of 2 rows')).toBeInTheDocument();
    expect(queryOf(api.callsTo(`POST ${PLATFORM}/customers/export`)[0])).toEqual({
      project: P,
      totalOrderCount: 'lt:2',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }, { timeout: 5000 }));
    await waitFor(() => expect(files.map((f) => f.name)).toEqual(['customers.csv']));
  });

  it('says why the page is not available to a role without customers.read', async () => {
    const api = storefrontApi({ [LIST]: listPage([ada]) }, ['orders.read']);
    renderWithModules(CUSTOMERS, api.fetch);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText(/\(customers\.read\)/)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});

describe('a customer (platform.customers.view)', () => {
  it('shows their figures and their orders, each linking to the order', async () => {
    const orders = [orderFixture(2, { status: 'processing' }), orderFixture(1, { status: 'refunded' })];
    const detail = customerDetailFixture(3, orders);
    renderWithModules(
      `/platform/customers/${detail.id}?project=${P}`,
      storefrontApi({ [`GET ${PLATFORM}/customers/${detail.id}`]: json(200, detail) }).fetch,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Buyer 3' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customer - Wharf'));
    const figures = screen.getByLabelText('Figures');
    expect(within(figures).getByText(formatMoney(7500, 'EUR'))).toBeInTheDocument();
    expect(within(figures).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order #1002' })).toHaveAttribute(
      'href',
      `/platform/orders/${orders[0]!.id}?project=${P}`,
    );
    expect(screen.getByText('Processing')).toHaveAttribute('data-status', 'processing');
    expect(screen.getByText('Refunded')).toHaveAttribute('data-status', 'refunded');
    expect(screen.getByRole('link', { name: 'All customers' })).toHaveAttribute(
      'href',
      `/platform/customers?project=${P}`,
    );
  });
});
