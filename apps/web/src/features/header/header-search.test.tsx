import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeApi } from '../integrations/integration-fixtures';
import { forgetModules, renderWithModules } from '../integrations/render-modules';
import { fakeProject, projectPageApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

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
    // The module's own page (issue 22) and its settings.
    expect(within(pages).getByRole('option', { name: 'Orders' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('option', { name: 'Orders settings' }));
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

describe('header search: only the pages the role may open', () => {
  const project = fakeProject(1);
  const path = `/dashboard/?project=${project.id}`;

  async function searchFor(text: string) {
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.clear(box);
    await userEvent.type(box, text);
  }

  it('leaves out billing, members and settings for a role without them, as the menu does', async () => {
    renderApp(path, projectPageApi(['projects.read'], {}, project).fetch);
    // The menu has settled on the role's pages (Users needs members.read) before the search is asked.
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument());
    for (const page of ['Charges', 'Invoices', 'Invites', 'Roles']) {
      await searchFor(page.toLowerCase());
      // Once the results are drawn (options, or the empty message), none of them is this page.
      const results = await screen.findByRole('listbox', { name: 'Search results' });
      await waitFor(() => expect(results.textContent !== '' || screen.queryByText('No Results.') !== null).toBe(true));
      expect(within(results).queryByRole('option', { name: page })).not.toBeInTheDocument();
    }
    await searchFor('support');
    expect(await screen.findByRole('option', { name: 'Support' })).toBeInTheDocument();
  });

  it('offers them to a role that has them', async () => {
    const every = ['projects.read', 'billing.read', 'members.read', 'invites.read', 'roles.read', 'projects.update'];
    renderApp(path, projectPageApi(every, {}, project).fetch);
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    await within(nav).findByRole('link', { name: 'Billing' });
    await searchFor('charges');
    expect(await screen.findByRole('option', { name: 'Charges' })).toBeInTheDocument();
    await searchFor('invites');
    expect(await screen.findByRole('option', { name: 'Invites' })).toBeInTheDocument();
  });
});
