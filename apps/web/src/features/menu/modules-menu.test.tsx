import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storeApi } from '../integrations/integration-fixtures';
import { forgetModules, renderWithModules } from '../integrations/render-modules';
import { projectNav, topLabels } from '../../test/menu-queries';

afterEach(forgetModules);

const P = storeApi().project().id;
/** The sub-items' links under a parent, hidden or not. */
const subLabels = (nav: HTMLElement, parent: string) => {
  const toggle = within(nav).getByRole('button', { name: `${parent} pages` });
  const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return within(list)
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent);
};

describe('installed modules in the sidebar', () => {
  it("sit under Modules, after its Store, and a module's page opens Modules on it", async () => {
    const api = storeApi({ installed: ['core', 'orders', 'products', 'shopify'] });
    renderWithModules(`/modules/shopify?project=${P}`, api.fetch);
    const nav = await projectNav();
    const shopify = await within(nav).findByRole('link', { name: 'Shopify' });
    expect(shopify).toHaveAttribute('href', `/modules/shopify?project=${P}`);
    expect(shopify).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(within(nav).getByRole('button', { name: 'Modules pages' })).toHaveAttribute('aria-expanded', 'true');

    expect(topLabels(nav)).toContain('Modules');
    expect(topLabels(nav)).not.toContain('Shopify');
    // SPEC.md section 1's order of codes: orders, products, then shopify.
    expect(subLabels(nav, 'Modules')).toEqual(['Store', 'Orders', 'Products', 'Shopify']);
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveAttribute('href', `/store?project=${P}`);
  });

  it('opens Modules on its Store in the store, and Modules itself still leads there', async () => {
    const api = storeApi({ installed: ['core', 'orders', 'products', 'shopify'] });
    const { router } = renderWithModules(`/modules/shopify?project=${P}`, api.fetch);
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Shopify' });

    const modules = within(nav).getByRole('link', { name: 'Modules' });
    expect(modules).toHaveAttribute('href', `/store?project=${P}`);
    await userEvent.click(modules);
    await waitFor(() => expect(router.state.location.pathname).toBe('/store'));
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
    expect(modules).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Modules pages' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Shopify' })).toBeVisible();
  });

  it('keeps modules out of the menu without integrations.read (no Modules entry)', async () => {
    const api = storeApi({ installed: ['core', 'orders'], held: [] });
    const { modules } = renderWithModules(`/users?project=${P}`, api.fetch);
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Users' });
    await waitFor(() => expect(modules.isInstalled('orders')).toBe(true));
    expect(within(nav).queryByRole('link', { name: 'Modules' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Orders', hidden: true })).not.toBeInTheDocument();
  });
});
