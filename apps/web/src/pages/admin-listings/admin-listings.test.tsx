import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  catalogueFixture,
  listingFixture,
  ordersFixture,
  reviewsFixture,
  shopifyFixture,
} from '../../features/integrations/integration-fixtures';
import { apiError, json, signedInApi, user, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const admin = { ...user, isAdmin: true };
const LIST = 'GET /v1/integrations/admin/listings';
const CREATE = 'POST /v1/integrations/admin/listings';
const shopify = listingFixture(shopifyFixture, {
  sortOrder: 20,
  integration: { ...shopifyFixture, name: 'Shopify Plus' },
});
const orders = listingFixture(ordersFixture, { sortOrder: 10, visible: false });
const one = (listing: typeof shopify) => `/v1/integrations/admin/listings/${listing.id}`;

function adminApi(routes: Record<string, (call: FakeCall) => Response> = {}) {
  let listings = [shopify, orders];
  return signedInApi(
    {
      [LIST]: () => json(200, listings),
      'GET /v1/integrations': () => json(200, catalogueFixture),
      [`DELETE ${one(orders)}`]: () => {
        listings = listings.filter((l) => l.id !== orders.id);
        return new Response(null, { status: 204 });
      },
      ...routes,
    },
    admin,
  );
}

const table = () => screen.findByRole('table', { name: 'Store listings' });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the store listings page (platform administrators)', () => {
  it('lists the listings by order with their visibility', async () => {
    renderApp('/admin/integrations', adminApi().fetch);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ordersorders',
      'Shopify Plusshopify',
    ]);
    expect(within(row('Orders')).getByRole('checkbox', { name: 'Show Orders in the store' })).not.toBeChecked();
    expect(within(row('Shopify')).getByRole('checkbox', { name: 'Show Shopify Plus in the store' })).toBeChecked();
  });

  it('shows or hides a listing from its row', async () => {
    const sent: unknown[] = [];
    const api = adminApi({
      [`PATCH ${one(orders)}`]: (call) => {
        sent.push(call.body);
        return json(200, { ...orders, visible: true });
      },
    });
    renderApp('/admin/integrations', api.fetch);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show Orders in the store' }));
    await waitFor(() => expect(sent).toEqual([{ visible: true }]));
  });

  it('adds a listing for a module not listed yet, checked with the contract’s rules', async () => {
    const sent: unknown[] = [];
    const api = adminApi({
      [CREATE]: (call) => {
        sent.push(call.body);
        return json(201, listingFixture(reviewsFixture));
      },
    });
    renderApp('/admin/integrations', api.fetch);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Add a listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a listing' });
    const module = within(dialog).getByRole('combobox', { name: 'Module' });
    // Only modules the store does not list yet.
    expect(
      within(module)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Products (products)', 'Reviews (reviews)']);
    await userEvent.selectOptions(module, 'Reviews (reviews)');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Sort order' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Sort order' }), '30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Stars & reviews');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Reviews added to the store.')).toBeInTheDocument();
    expect(sent).toEqual([
      { code: 'reviews', visible: true, sortOrder: 30, name: 'Stars & reviews', description: null },
    ]);
  });

  it('edits a listing’s overrides: the name shown only where it differs from the module’s', async () => {
    const sent: unknown[] = [];
    const api = adminApi({
      [`PATCH ${one(shopify)}`]: (call) => {
        sent.push(call.body);
        return json(200, shopify);
      },
    });
    renderApp('/admin/integrations', api.fetch);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shopify Plus' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Shopify Plus' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Shopify Plus');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shopify saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ visible: true, sortOrder: 20, name: null, description: null }]);
  });

  it('shows the server’s refusal of a listing in the dialog', async () => {
    const api = adminApi({ [CREATE]: () => apiError(409, 'LISTING_EXISTS', 'Products is listed already.') });
    renderApp('/admin/integrations', api.fetch);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Add a listing' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Add a listing' })).getByRole('button', { name: 'Add' }),
    );
    expect(await screen.findByText('Products is listed already.')).toBeInTheDocument();
  });

  it('deletes a listing after confirming', async () => {
    const api = adminApi();
    renderApp('/admin/integrations', api.fetch);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Orders' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Orders?' });
    expect(dialog).toHaveTextContent('Projects that installed it keep it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Orders taken out of the store.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Orders/ })).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${one(orders)}`)).toHaveLength(1);
  });

  it('is closed to anyone but platform administrators', async () => {
    const api = signedInApi({});
    renderApp('/admin/integrations', api.fetch);
    expect(
      await screen.findByText("Only platform administrators can decide what the platform's module store offers."),
    ).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});
