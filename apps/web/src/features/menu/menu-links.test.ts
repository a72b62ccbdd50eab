import { MODULE_CODES } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { routeExists, setRuntimeRoutes } from '../../app/navigation';
import { moduleDefinition } from '../integrations/modules/definitions';
import { billingMenuEntries, coreMenuEntries } from './core-menu';
import { activeEntry, existingEntries, menuLink, navBarEntries, pathMatches } from './menu-links';
import { createMenuStore, type MenuEntry } from './menu-store';

const entries: MenuEntry[] = [
  {
    id: 'users',
    label: 'Users',
    route: 'project.users.list',
    order: 500,
    icon: 'users',
    children: [
      { id: 'roles', label: 'Roles', route: 'project.users.roles.list', order: 501 },
      { id: 'invites', label: 'Invites', route: 'project.users.invites.list', order: 502 },
    ],
  },
  { id: 'settings', label: 'Settings', route: 'projects.settings', order: 1_000_000, icon: 'settings' },
];

describe('menu links', () => {
  it('matches paths segment by segment', () => {
    expect(pathMatches('/users', '/users/roles')).toBe(true);
    expect(pathMatches('/users', '/users')).toBe(true);
    expect(pathMatches('/users', '/users-old')).toBe(false);
    expect(pathMatches('/dashboard/', '/dashboard')).toBe(true);
    expect(pathMatches('/', '/users')).toBe(false);
  });

  it('makes the longest matching path the active entry, a sub-item winning a tie with its parent', () => {
    expect(activeEntry(entries, '/users/roles')).toEqual({ id: 'roles', parentId: 'users' });
    expect(activeEntry(entries, '/users')).toEqual({ id: 'users' });
    expect(activeEntry(entries, '/billing')).toBeUndefined();
    const tie: MenuEntry[] = [
      { ...entries[0]!, children: [{ id: 'all', label: 'All users', route: 'project.users.list', order: 1 }] },
    ];
    expect(activeEntry(tie, '/users')).toEqual({ id: 'all', parentId: 'users' });
  });

  it('keeps only entries whose routes exist', () => {
    const kept = existingEntries(billingMenuEntries());
    expect(kept.map((e) => e.id)).toEqual(['billing']);
    expect(kept[0]!.children!.map((c) => c.route)).toEqual(
      ['billing.invoices', 'billing.summaries', 'billing.charges', 'billing.payment-methods'].filter(routeExists),
    );
    expect(existingEntries([{ id: 'x', label: 'X', route: 'no.such.route', order: 1 }])).toEqual([]);
  });

  it('gates Modules and Developer on integrations.read, with the orders of SPEC.md', () => {
    const orders = (integrations: boolean) =>
      Object.fromEntries(coreMenuEntries({ integrations }).map((e) => [e.label, e.order]));
    expect(orders(true)).toEqual({
      Dashboard: -1,
      Chat: 311,
      Users: 500,
      Support: 600,
      Modules: 1000,
      'Developer (APIs)': 10_000,
      Settings: 1_000_000,
    });
    expect(orders(false)).not.toHaveProperty('Modules');
    expect(orders(false)).not.toHaveProperty('Developer (APIs)');
    expect(billingMenuEntries()[0]!.children!.map((c) => c.order)).toEqual([1001, 1002, 1003, 1004]);
  });

  it("opens Modules on its Store, and on a module's page makes the module's sub-item active", () => {
    const modules = coreMenuEntries({ integrations: true }).find((e) => e.id === 'modules')!;
    expect(modules.route).toBe('integrations.store');
    expect(modules.children).toEqual([
      { id: 'modules.store', label: 'Store', route: 'integrations.store', order: 1000 },
    ]);
    const analytics = moduleDefinition('googleAnalytics', MODULE_CODES.indexOf('googleAnalytics'));
    const owner = {};
    setRuntimeRoutes(owner, analytics.routes);
    try {
      const store = createMenuStore();
      store.set('core', existingEntries(coreMenuEntries({ integrations: true })));
      store.set('billing', existingEntries(billingMenuEntries()));
      store.set('module:googleAnalytics', [...analytics.menu]);
      const menu = existingEntries(store.entries());
      expect(menu.find((e) => e.id === 'modules')!.children!.map((c) => c.label)).toEqual([
        'Store',
        'Google Analytics',
      ]);
      expect(menu.some((e) => e.id === 'module.googleAnalytics')).toBe(false);
      expect(activeEntry(menu, '/modules/googleAnalytics')).toEqual({
        id: 'module.googleAnalytics',
        parentId: 'modules',
      });
      expect(activeEntry(menu, '/store')).toEqual({ id: 'modules.store', parentId: 'modules' });
    } finally {
      setRuntimeRoutes(owner, []);
    }
  });

  it('carries the project to routes that take one', () => {
    expect(menuLink('projects.settings', 'p1')).toEqual({ to: '/project/settings', search: { project: 'p1' } });
    expect(menuLink('account.settings', 'p1')).toEqual({ to: '/settings', search: {} });
    expect(menuLink('projects.settings', undefined)).toEqual({ to: '/project/settings', search: {} });
  });

  it('gives the bottom bar at most 5 entries with icons, by order', () => {
    const many: MenuEntry[] = Array.from({ length: 8 }, (_, i) => ({
      id: `e${i}`,
      label: `E${i}`,
      route: 'projects.settings',
      order: 10 - i,
      ...(i % 4 === 0 ? {} : { icon: 'globe' }),
    }));
    expect(navBarEntries(many).map((e) => e.id)).toEqual(['e7', 'e6', 'e5', 'e3', 'e2']);
  });
});
