import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeApi } from '../integrations/integration-fixtures';
import { forgetModules, renderWithModules } from '../integrations/render-modules';

afterEach(forgetModules);

const P = storeApi().project().id;

describe('header search: the installed modules’ pages', () => {
  it('finds an installed module’s page ("orders") and opens it in the project', async () => {
    const api = storeApi({ installed: ['core', 'orders', 'shopify'] });
    const { router, modules } = renderWithModules(`/users?project=${P}`, api.fetch);
    await waitFor(() => expect(modules.isInstalled('orders')).toBe(true));
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.type(box, 'orders');
    const pages = within(screen.getByRole('listbox', { name: 'Search results' })).getByRole('group', {
      name: 'Pages',
    });
    await userEvent.click(within(pages).getByRole('option', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/modules/orders'));
    expect(router.state.location.search).toEqual({ project: P });
  });

  it('finds no module that is not installed', async () => {
    const api = storeApi({ installed: ['core', 'shopify'] });
    const { modules } = renderWithModules(`/users?project=${P}`, api.fetch);
    await waitFor(() => expect(modules.isInstalled('shopify')).toBe(true));
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.type(box, 'orders');
    expect(await screen.findByText('No Results.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'shopify');
    expect(await screen.findByRole('option', { name: 'Shopify' })).toBeInTheDocument();
  });
});
