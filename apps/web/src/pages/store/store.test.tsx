import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routeExists } from '../../app/navigation';
import { storeApi } from '../../features/integrations/integration-fixtures';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { json, listPage, queryOf } from '../../test/fake-api';
import { projectNav } from '../../test/menu-queries';

afterEach(forgetModules);

const P = storeApi().project().id;
const STORE = `/store?project=${P}`;
const LISTINGS = 'GET /v1/integrations/listings';

const card = (name: string) =>
  within(screen.getByRole('list', { name: 'Modules in the store' })).getByRole('listitem', { name });

describe('the module store (integrations.store)', () => {
  it('shows each listing with its price in the project’s currency, what it needs, and whether it is installed', async () => {
    renderWithModules(STORE, storeApi({ installed: ['core', 'orders'] }).fetch);
    await screen.findByRole('list', { name: 'Modules in the store' });
    const shopify = card('Shopify');
    expect(shopify).toHaveTextContent('€9.00 a month');
    expect(shopify).toHaveTextContent('Needs Orders, Products');
    expect(within(shopify).getByRole('button', { name: 'Install Shopify' })).toBeEnabled();
    const orders = card('Orders');
    expect(orders).toHaveTextContent('Installed');
    expect(orders).toHaveTextContent('Free');
    expect(within(orders).getByRole('button', { name: 'Uninstall Orders' })).toBeInTheDocument();
    expect(within(orders).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/modules/orders?project=${P}`,
    );
  });

  it('asks the store again by category and search', async () => {
    const api = storeApi();
    renderWithModules(STORE, api.fetch);
    await screen.findByRole('list', { name: 'Modules in the store' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Marketing');
    await waitFor(() => expect(queryOf(api.callsTo(LISTINGS).at(-1))).toMatchObject({ category: 'marketing' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'stars');
    await waitFor(() =>
      expect(queryOf(api.callsTo(LISTINGS).at(-1))).toMatchObject({
        category: 'marketing',
        search: 'stars',
        project: P,
      }),
    );
  });

  it('says when nothing is on offer, and where to ask', async () => {
    renderWithModules(STORE, storeApi({ routes: { [LISTINGS]: listPage([]) } }).fetch);
    expect(await screen.findByText('No modules available yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask support about modules' })).toHaveAttribute(
      'href',
      expect.stringContaining(`project=${P}`),
    );
  });

  it('installs after a confirmation naming its dependencies and price; its menu entry and page appear without a reload', async () => {
    const api = storeApi({ installed: ['core', 'orders'] });
    const { router, modules } = renderWithModules(STORE, api.fetch);
    await waitFor(() => expect(modules.ready).toBe(true));
    expect(routeExists('integrations.shopify.settings')).toBe(false);

    await userEvent.click(await screen.findByRole('button', { name: 'Install Shopify' }));
    const dialog = screen.getByRole('dialog', { name: 'Install Shopify?' });
    // Orders is installed already: only Products comes with it.
    expect(dialog).toHaveTextContent('It needs Products, which will be installed too.');
    expect(dialog).toHaveTextContent('It costs €9.00 a month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));

    expect(await screen.findByText('Shopify installed.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${api.base}/shopify`)).toHaveLength(1);
    expect(modules.installed().map((i) => i.code)).toEqual(['core', 'orders', 'products', 'shopify']);
    const nav = await projectNav();
    expect(within(nav).getByRole('link', { name: 'Shopify' })).toHaveAttribute('href', `/modules/shopify?project=${P}`);
    expect(within(nav).getByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(await within(card('Shopify')).findByText('Installed')).toBeInTheDocument();

    // The same router, no reload: the module's page is there.
    await userEvent.click(screen.getByRole('link', { name: 'Open its settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopify' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/modules/shopify');
  });

  it('uninstalls after a confirmation: its menu entry goes and its bookmarked page is Not Found', async () => {
    const api = storeApi({ installed: ['core', 'orders', 'reviews'] });
    const { router } = renderWithModules(STORE, api.fetch);
    const nav = await projectNav();
    expect(await within(nav).findByRole('link', { name: 'Reviews' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Uninstall Reviews' }));
    const dialog = screen.getByRole('dialog', { name: 'Uninstall Reviews?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uninstall' }));
    expect(await screen.findByText('Reviews uninstalled.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${api.base}/reviews`)).toHaveLength(1);
    expect(within(nav).queryByRole('link', { name: 'Reviews' })).not.toBeInTheDocument();

    await act(() => router.navigate({ href: `/modules/reviews?project=${P}` }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the server’s refusal to uninstall a needed module in its words, and keeps it', async () => {
    const api = storeApi({ installed: ['core', 'orders', 'reviews'] });
    const { modules } = renderWithModules(STORE, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Uninstall Orders' }));
    const dialog = screen.getByRole('dialog', { name: 'Uninstall Orders?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uninstall' }));
    expect(await within(dialog).findByText('orders is needed by reviews; uninstall those first.')).toBeInTheDocument();
    expect(modules.isInstalled('orders')).toBe(true);
  });

  it('opens a listing with its full description and products', async () => {
    const product = {
      id: 'shopify-sync-pack',
      integration: 'shopify',
      name: 'Extra sync pack',
      description: '10,000 more orders a month.',
      prices: [{ currency: 'EUR', amount: 1500 }],
    };
    const api = storeApi({ routes: { 'GET /v1/integrations/shopify/products': json(200, [product]) } });
    renderWithModules(STORE, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'About Shopify' }));
    const popup = await screen.findByRole('dialog', { name: /Shopify/ });
    expect(popup).toHaveTextContent('Orders arrive every five minutes.');
    expect(await within(popup).findByText('Extra sync pack')).toBeInTheDocument();
    expect(popup).toHaveTextContent('€15.00');
    expect(within(popup).getByRole('button', { name: 'Install Shopify' })).toBeInTheDocument();
  });

  it('lets someone without integrations.manage look but not install', async () => {
    renderWithModules(STORE, storeApi({ held: ['integrations.read'] }).fetch);
    await screen.findByRole('list', { name: 'Modules in the store' });
    expect(within(card('Shopify')).getByRole('button', { name: 'Install Shopify' })).toBeDisabled();
    expect(screen.getByText(/integrations\.manage/)).toBeInTheDocument();
  });
});
