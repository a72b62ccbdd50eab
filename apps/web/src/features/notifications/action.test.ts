import { describe, expect, it } from 'vitest';
import { notificationDestination, type ActionRoutes } from './action';

const projectId = '00000000-0000-4000-b000-000000000001';

const routes: ActionRoutes = {
  exists: (name) => ['project.users.list', 'project.users.view'].includes(name),
  pathOf: (name, params = {}) => {
    if (name === 'project.users.list') return '/users';
    if (params.userId === undefined) throw new Error('needs userId');
    return `/users/${params.userId}`;
  },
  elsewhere: (name) => (name === 'shopify.orders' ? '/modules/shopify/orders' : undefined),
  fallback: (project) => `/projects/switch?project=${project}&notification=true`,
};

const route = (name: string, params: Record<string, string> = {}, query: Record<string, string> = {}) => ({
  route: { name, params, query },
});

describe('where a notification leads (SPEC.md section 2)', () => {
  it('navigates by name to a route of this console, with its params and query and its project', () => {
    expect(
      notificationDestination(
        { projectId, action: route('project.users.view', { userId: 'u1' }, { tab: 'roles' }) },
        routes,
      ),
    ).toEqual({
      kind: 'route',
      name: 'project.users.view',
      params: { userId: 'u1' },
      search: { project: projectId, tab: 'roles' },
      href: `/users/u1?project=${projectId}&tab=roles`,
    });
  });

  it("lets the action's query name the project", () => {
    const other = '00000000-0000-4000-b000-000000000002';
    const destination = notificationDestination(
      { projectId, action: route('project.users.list', {}, { project: other }) },
      routes,
    );
    expect(destination).toMatchObject({ kind: 'route', search: { project: other } });
  });

  it('opens a route that resolves to Not Found here in a new tab', () => {
    // A module this project has not installed knows it.
    expect(notificationDestination({ projectId, action: route('shopify.orders') }, routes)).toEqual({
      kind: 'new-tab',
      href: `/modules/shopify/orders?project=${projectId}`,
    });
    // Nobody knows it.
    expect(notificationDestination({ projectId, action: route('nowhere.at.all') }, routes)).toEqual({
      kind: 'new-tab',
      href: `/projects/switch?project=${projectId}&notification=true`,
    });
    // A parameter is missing.
    expect(notificationDestination({ projectId, action: route('project.users.view') }, routes).kind).toBe('new-tab');
  });

  it('opens an external link in a new tab, and does nothing without an action', () => {
    expect(notificationDestination({ projectId: null, action: { link: 'https://example.com/news' } }, routes)).toEqual({
      kind: 'new-tab',
      href: 'https://example.com/news',
    });
    expect(notificationDestination({ projectId: null, action: null }, routes)).toEqual({ kind: 'none' });
  });
});
