import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/App';
import { routeExists, pathOf, setRuntimeRoutes } from '../../../app/navigation';
import { createAppRouter, type AppRouter } from '../../../app/router';
import { routeTable, type PageEntry } from '../../../app/routes';
import { createServices } from '../../../app/services';
import { useSearchParam } from '../../../app/search';
import { deferred, fakeApi, fakeProject, json, signedInApi, type FakeRoutes } from '../../../test/fake-api';
import { createMenuStore } from '../../menu/menu-store';
import { coreModule } from './definitions';
import type { ModuleRegistry } from './registry';
import type { ModuleDefinition } from './types';

/** Navigates as a link would, to `path` with `search`. */
function go(router: AppRouter, path: string, search: Record<string, string> = {}) {
  const query = new URLSearchParams(search).toString();
  return act(() => router.navigate({ href: query ? `${path}?${query}` : path }));
}

/** A tiny module: one page, one menu entry. */
function PlannerPage() {
  const project = useSearchParam('project');
  return (
    <>
      <h1>Planner board</h1>
      <p>{project ? `Planning ${project}` : 'No project'}</p>
    </>
  );
}

const planner: ModuleDefinition = {
  code: 'planner',
  name: 'Planner',
  routes: [
    {
      path: '/planner',
      staticData: {
        name: 'planner.index',
        title: 'Planner',
        layout: 'blank',
        user: true,
        project: 'sometimes',
        integration: true,
      },
      component: PlannerPage,
    },
  ],
  menu: [{ id: 'planner', label: 'Planner', route: 'planner.index', order: 2000 }],
};

const withPlanner = fakeProject(1, { name: 'Harbour Shop', integrations: [{ code: 'core' }, { code: 'planner' }] });
const without = fakeProject(2, { name: 'Plant', integrations: [{ code: 'core' }] });
const PROJECTS = 'GET /v1/projects';

/** A page of the table that takes a project if given (so the tests can switch without other pages). */
const home: PageEntry = {
  path: '/here',
  staticData: { name: 'test.here', title: 'Here', layout: 'blank', user: true, project: 'sometimes' },
  component: () => <h1>Here</h1>,
};

const registries: ModuleRegistry[] = [];

function renderWithModules(path: string, fetch: typeof globalThis.fetch) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const services = createServices({ fetch, queryClient });
  const menu = createMenuStore();
  const router = createAppRouter({
    context: services.context,
    history: createMemoryHistory({ initialEntries: [path] }),
    routes: [...routeTable, home],
    modules: { definitions: [coreModule, planner], menu },
  });
  services.connect(router);
  registries.push(router.options.context.modules);
  render(<App router={router} queryClient={queryClient} client={services.client} />);
  return { router, menu, modules: router.options.context.modules };
}

function api(routes: FakeRoutes = {}) {
  return signedInApi({ [PROJECTS]: () => json(200, [withPlanner, without]), ...routes });
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  // Route names are known console-wide (pathOf); a finished test's modules must not linger there.
  for (const registry of registries.splice(0)) setRuntimeRoutes(registry, []);
});

describe('modules of the active project', () => {
  it("installs the project's modules: their routes and menu entries appear", async () => {
    const { router, menu, modules } = renderWithModules(`/here?project=${withPlanner.id}`, api().fetch);
    await waitFor(() => expect(modules.ready).toBe(true));
    expect(modules.installed().map((i) => i.code)).toEqual(['core', 'planner']);
    expect(menu.entries().map((e) => e.label)).toEqual(['Planner']);
    expect(pathOf('planner.index')).toBe('/planner');

    // The module's page, reached without a reload; a module's route keeps the project.
    await go(router, '/planner', { project: withPlanner.id });
    expect(await screen.findByRole('heading', { name: 'Planner board' })).toBeInTheDocument();
    expect(screen.getByText(`Planning ${withPlanner.id}`)).toBeInTheDocument();
  });

  it("on a project switch the old project's routes and menu entries go", async () => {
    const { router, menu, modules } = renderWithModules(`/planner?project=${withPlanner.id}`, api().fetch);
    expect(await screen.findByRole('heading', { name: 'Planner board' })).toBeInTheDocument();

    await go(router, '/projects/switch', { project: without.id, redirect_uri: '/here' });
    await waitFor(() => expect(router.state.location.href).toBe(`/here?project=${without.id}`));
    await waitFor(() => expect(modules.installed().map((i) => i.code)).toEqual(['core']));
    expect(modules.ready).toBe(true);
    expect(menu.entries()).toEqual([]);
    expect(routeExists('planner.index')).toBe(false);

    await go(router, '/planner', { project: without.id });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('adds and removes routes as modules are installed and uninstalled by hand', async () => {
    const { router, menu, modules } = renderWithModules(`/here?project=${without.id}`, api().fetch);
    await waitFor(() => expect(modules.ready).toBe(true));
    expect(routeExists('planner.index')).toBe(false);

    await act(() => modules.install('planner'));
    expect(menu.entries().map((e) => e.id)).toEqual(['planner']);
    await go(router, '/planner', { project: without.id });
    expect(await screen.findByRole('heading', { name: 'Planner board' })).toBeInTheDocument();

    // Uninstalled while on its page: the page goes at once.
    await act(() => modules.uninstall('planner'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(menu.entries()).toEqual([]);
    expect(routeExists('planner.index')).toBe(false);
  });

  it('logs an unknown code the server lists, and installs the rest', async () => {
    const odd = fakeProject(3, { integrations: [{ code: 'planner' }, { code: 'teleporter' }] });
    const { modules } = renderWithModules(`/here?project=${odd.id}`, api({ [PROJECTS]: json(200, [odd]) }).fetch);
    await waitFor(() => expect(modules.ready).toBe(true));
    expect(console.warn).toHaveBeenCalledWith('Integration teleporter not found');
    expect(modules.installed().map((i) => i.code)).toEqual(['planner']);
  });

  it('installs nothing for a signed-out visitor', async () => {
    const { modules } = renderWithModules('/login', fakeApi().fetch);
    await waitFor(() => expect(modules.ready).toBe(true));
    expect(modules.installed()).toEqual([]);
  });
});

describe('the loading catch-all (SPEC.md section 2)', () => {
  it("shows while the project's modules load, then the module's page claims the path", async () => {
    const list = deferred<Response>();
    const { modules } = renderWithModules(
      `/planner?project=${withPlanner.id}`,
      api({ [PROJECTS]: () => list.promise }).fetch,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await waitFor(() => expect(document.title).toBe('Loading - Wharf'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    expect(modules.ready).toBe(false);

    await act(async () => list.resolve(json(200, [withPlanner])));
    expect(await screen.findByRole('heading', { name: 'Planner board' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Planner - Wharf'));
  });

  it("loads the user's project's modules for a path nothing matches, even without a project in the query", async () => {
    const { router } = renderWithModules('/planner', api().fetch);
    expect(await screen.findByRole('heading', { name: 'Planner board' })).toBeInTheDocument();
    // A module's route always needs a project: the router added the user's.
    await waitFor(() => expect(router.state.location.search).toEqual({ project: withPlanner.id }));
  });

  it('ends in the final Not Found for a path no module claims', async () => {
    const list = deferred<Response>();
    renderWithModules(`/nowhere?project=${withPlanner.id}`, api({ [PROJECTS]: () => list.promise }).fetch);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await act(async () => list.resolve(json(200, [without])));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Found - Wharf'));
  });

  it('shows Not Found at once for a path containing install-module', async () => {
    const list = deferred<Response>();
    renderWithModules(
      `/planner/install-module?project=${withPlanner.id}`,
      api({ [PROJECTS]: () => list.promise }).fetch,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Found - Wharf'));
    list.resolve(json(200, [without]));
  });
});
