import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeTable, type PageEntry } from '../../app/routes';
import { fakeProject, json, signedInApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { cartStorageKey, cartStore } from './cart-store';

const project = fakeProject(1, { name: 'Harbour Shop' });
const other = fakeProject(2, { name: 'North Plant' });

/** Every page as a bare heading: these tests look at the header. */
const stubPages: PageEntry[] = routeTable.map((route) => ({
  ...route,
  component: function StubPage() {
    return <h1>{route.staticData.title}</h1>;
  },
}));

function api() {
  return signedInApi({
    'GET /v1/projects': () => json(200, [project, other]),
    'POST /v1/enforcer/enforce': () =>
      json(200, { permissions: { granted: [], denied: [] }, resolutions: { roles: [] } }),
  });
}

describe('the basket button (SPEC.md section 2)', () => {
  it('has no badge while the basket is empty, and leads to the resupply shop of the project', async () => {
    renderApp(`/users?project=${project.id}`, api().fetch, stubPages);
    const basket = await screen.findByRole('link', { name: 'Basket' });
    expect(basket).toHaveAttribute('href', `/resupply/shop?project=${project.id}`);
    expect(screen.queryByTestId('basket-badge')).not.toBeInTheDocument();
  });

  it("shows the project's total quantity, and follows changes to the basket", async () => {
    localStorage.setItem(
      cartStorageKey(project.id),
      JSON.stringify([
        { id: 'gloves', quantity: 2 },
        { id: 'cups', quantity: 6, quantityStep: 6 },
      ]),
    );
    localStorage.setItem(cartStorageKey(other.id), JSON.stringify([{ id: 'paper', quantity: 40 }]));
    renderApp(`/users?project=${project.id}`, api().fetch, stubPages);
    const basket = await screen.findByRole('link', { name: 'Basket, 8 items' });
    expect(basket).toHaveTextContent('8');
    expect(basket).toHaveAttribute('href', `/resupply/shop?project=${project.id}`);

    act(() => cartStore(project.id).setQuantity('gloves', 0));
    expect(await screen.findByRole('link', { name: 'Basket, 6 items' })).toBeInTheDocument();
    act(() => cartStore(project.id).clear());
    expect(await screen.findByRole('link', { name: 'Basket' })).toBeInTheDocument();
    expect(screen.queryByTestId('basket-badge')).not.toBeInTheDocument();
  });

  it('says one item in the singular', async () => {
    localStorage.setItem(cartStorageKey(project.id), JSON.stringify([{ id: 'gloves', quantity: 1 }]));
    renderApp(`/users?project=${project.id}`, api().fetch, stubPages);
    expect(await screen.findByRole('link', { name: 'Basket, 1 item' })).toHaveTextContent('1');
  });
});
