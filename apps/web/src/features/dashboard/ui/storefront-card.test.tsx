import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../integrations/render-modules';
import { P, PLATFORM, shopProject, storefrontApi } from '../../storefront/storefront-fixtures';
import { deferred, fakeProject, json, projectPageApi, queryOf } from '../../../test/fake-api';
import { shopChartSummary } from './StorefrontChart';
import { change } from './StorefrontCard';

afterEach(() => {
  forgetModules();
});

const DASHBOARD = `/dashboard/?project=${P}`;
const SUMMARY = `GET ${PLATFORM}/orders/summary`;
/** A reader of orders who sees no other card: the storefront's is the page. */
const READER = ['projects.read', 'orders.read'];

/** Thirty days ending 27 November 2026, with orders on a few of them. */
function summaryFixture(busy: Record<string, [orders: number, revenue: number]> = {}) {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10);
    const [orders, revenue] = busy[date] ?? [0, 0];
    return { date, orders, revenue };
  });
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const revenue = days.reduce((sum, d) => sum + d.revenue, 0);
  return {
    currency: orders ? 'GBP' : null,
    timeZone: 'Europe/London',
    days,
    totals: { orders, paidOrders: orders, revenue, averageOrderValue: orders ? Math.round(revenue / orders) : 0 },
    previous: { orders: 4, paidOrders: 4, revenue: 20_000, averageOrderValue: 5_000 },
  };
}

describe("the dashboard's storefront card", () => {
  it('shows the last 30 days: orders, revenue and the average against the 30 before, a chart and its numbers', async () => {
    const api = storefrontApi(
      { [SUMMARY]: () => json(200, summaryFixture({ '2026-11-20': [3, 15_000], '2026-11-27': [2, 9_000] })) },
      READER,
    );
    renderWithModules(DASHBOARD, api.fetch);
    const card = await screen.findByRole('region', { name: 'Storefront' });
    const figures = await within(card).findByText('£240.00');
    expect(figures).toBeInTheDocument();
    expect(within(card).getByText('5')).toBeInTheDocument();
    // 5 orders against 4: +25%; £240 against £200: +20%; £48 against £50: −4%.
    expect(within(card).getByText('+25% vs previous 30 days')).toHaveAttribute('data-change', 'up');
    expect(within(card).getByText('+20% vs previous 30 days')).toBeInTheDocument();
    expect(within(card).getByText('\u22124% vs previous 30 days')).toHaveAttribute('data-change', 'down');
    expect(within(card).getByText('£48.00')).toBeInTheDocument();
    // The chart is one image named by a sentence; the numbers are a table for screen readers.
    const chart = within(card).getByRole('img');
    expect(chart).toHaveAccessibleName(/Orders and revenue, last 30 days, .*: 5 orders and £240\.00 of revenue/);
    const table = within(card).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(card).getByRole('link', { name: 'View orders' })).toHaveAttribute(
      'href',
      `/platform/orders?project=${P}`,
    );
    expect(queryOf(api.callsTo(SUMMARY)[0])).toEqual({ project: P, days: '30' });
  });

  it('says so when there were no orders, with the way to the orders', async () => {
    const api = storefrontApi({ [SUMMARY]: () => json(200, summaryFixture()) }, READER);
    renderWithModules(DASHBOARD, api.fetch);
    const card = await screen.findByRole('region', { name: 'Storefront' });
    expect(await within(card).findByText('No orders in the last 30 days')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Go to Orders' })).toHaveAttribute(
      'href',
      `/platform/orders?project=${P}`,
    );
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows grey figures while loading, then a way to try again when the figures cannot be loaded', async () => {
    const pending = deferred<Response>();
    let calls = 0;
    const api = storefrontApi(
      {
        [SUMMARY]: () => {
          calls += 1;
          return calls === 1 ? pending.promise : json(200, summaryFixture({ '2026-11-27': [1, 4_500] }));
        },
      },
      READER,
    );
    renderWithModules(DASHBOARD, api.fetch);
    expect(await screen.findByRole('status', { name: 'Loading the storefront…' })).toBeInTheDocument();
    pending.resolve(json(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }));
    const card = screen.getByRole('region', { name: 'Storefront' });
    expect(await within(card).findByText(/could not be loaded/, {}, { timeout: 5000 })).toBeInTheDocument();
    within(card).getByRole('button', { name: 'Try again' }).click();
    // Revenue and the average order, and the day's row of the table.
    expect(await within(card).findAllByText('£45.00', {}, { timeout: 3000 })).toHaveLength(3);
    expect(within(card).queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('is left out, and nothing asked, without orders.read or without the Orders module', async () => {
    const api = storefrontApi({}, ['projects.read', 'members.read']);
    renderWithModules(DASHBOARD, api.fetch);
    await screen.findByRole('region', { name: 'Team' });
    expect(screen.queryByRole('region', { name: 'Storefront' })).not.toBeInTheDocument();
    expect(api.callsTo(SUMMARY)).toHaveLength(0);
    forgetModules();

    const bare = fakeProject(1, { name: shopProject.name, integrations: [{ code: 'core' }] });
    const noModule = projectPageApi(READER, {}, bare);
    renderWithModules(`/dashboard/?project=${bare.id}`, noModule.fetch);
    await screen.findAllByRole('region', { name: 'Your access' });
    expect(screen.queryByRole('region', { name: 'Storefront' })).not.toBeInTheDocument();
    expect(noModule.callsTo(SUMMARY)).toHaveLength(0);
  });
});

describe('the card’s words', () => {
  it('puts the period against the one before as a whole percent, and the chart in a sentence', () => {
    expect(change(120, 100).text).toBe('+20% vs previous 30 days');
    expect(change(80, 100).text).toBe('\u221220% vs previous 30 days');
    expect(change(100, 100).direction).toBe('same');
    expect(change(5, 0)).toMatchObject({ direction: 'new', text: 'None in the previous 30 days' });
    expect(shopChartSummary('Sales', [], 'GBP')).toBe('Sales: no days to show.');
    expect(
      shopChartSummary(
        'Sales',
        [
          { date: '2026-11-26', orders: 0, revenue: 0 },
          { date: '2026-11-27', orders: 0, revenue: 0 },
        ],
        'GBP',
      ),
    ).toMatch(/: no orders\.$/);
  });
});
