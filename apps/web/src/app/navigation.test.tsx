import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPathResolver, pathOf, useNavigateByName } from './navigation';
import { rootStaticData, routeTable } from './routes';

describe('pathOf', () => {
  it('maps route names of the table to their paths', () => {
    expect(pathOf('home')).toBe('/');
    expect(pathOf('login')).toBe('/login');
    expect(pathOf('account.settings.2fa.setup-authenticator')).toBe(
      '/settings/two-factor-authentication/setup-authenticator',
    );
    expect(pathOf('auth.setup.factory.devices', { projectId: 'p 1' })).toBe('/auth/setup/factory/p%201/devices');
  });

  it('knows the names of redirecting routes too', () => {
    expect(pathOf('account')).toBe('/account');
    expect(pathOf('account.settings.2fa')).toBe('/settings/two-factor-authentication');
  });

  it('throws a clear error for an unknown name', () => {
    expect(() => pathOf('billing.nowhere')).toThrow(
      /^Unknown route name "billing\.nowhere"\. Known names: home, login, /,
    );
  });

  it('fills in path parameters, encoded, and names a missing one', () => {
    const resolve = createPathResolver([
      { path: '/factory/tutorials/$blogSlug', staticData: { name: 'factory.tutorials.view' } },
    ]);
    expect(resolve('factory.tutorials.view', { blogSlug: 'a b/c' })).toBe('/factory/tutorials/a%20b%2Fc');
    expect(() => resolve('factory.tutorials.view')).toThrow(
      'Route "factory.tutorials.view" (/factory/tutorials/$blogSlug) needs the parameter "blogSlug".',
    );
  });

  it('refuses a table that names two routes alike', () => {
    const twice = { path: '/a', staticData: { name: 'a' } };
    expect(() => createPathResolver([twice, { ...twice, path: '/b' }])).toThrow('Two routes are named "a".');
  });
});

describe('the route table', () => {
  it('gives every route a unique name, a layout and a lazy page', () => {
    const names = routeTable.map((r) => r.staticData.name);
    expect(new Set(names).size).toBe(names.length);
    for (const route of routeTable) {
      expect(route.staticData.layout).toMatch(/^(blank|fullscreen|mail|print|standard|tool)$/);
      // lazyRouteComponent's result: a component the router can preload before it renders.
      expect(typeof route.component.preload).toBe('function');
    }
  });
});

describe('useNavigateByName', () => {
  function renderWithRouter(start: string) {
    function Elsewhere() {
      const navigateByName = useNavigateByName();
      return (
        <button type="button" onClick={() => void navigateByName('home')}>
          Go home
        </button>
      );
    }
    const rootRoute = createRootRoute({ staticData: rootStaticData, component: Outlet });
    const staticData = { name: 'test', layout: 'blank', user: false, project: 'never' } as const;
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        createRoute({ getParentRoute: () => rootRoute, path: '/', staticData, component: () => <h1>Home</h1> }),
        createRoute({ getParentRoute: () => rootRoute, path: '/elsewhere', staticData, component: Elsewhere }),
      ]),
      history: createMemoryHistory({ initialEntries: [start] }),
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('navigates to the path of a route name', async () => {
    const router = renderWithRouter('/elsewhere');
    await userEvent.click(await screen.findByRole('button', { name: 'Go home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
