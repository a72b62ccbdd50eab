import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../app/router';
import { routeTable, type PageEntry, type RouteStaticData } from '../../app/routes';
import { useSearchParam } from '../../app/search';
import { apiError, fakeProject, json, signedInApi, type FakeRoutes } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { ACTIVE_PROJECT_STORAGE_KEY } from '../projects/remembered-project';

/** Navigates as a link would, to `path` with `search`. */
function go(router: AppRouter, path: string, search: Record<string, string> = {}) {
  const query = new URLSearchParams(search).toString();
  return act(() => router.navigate({ href: query ? `${path}?${query}` : path }));
}

const harbour = fakeProject(1, { name: 'Harbour Shop' });
const plant = fakeProject(2, { name: 'Plant' });
const stranger = fakeProject(9).id;
const PROJECTS = 'GET /v1/projects';

/** A page that says which project its query names. */
function testPage(path: string, name: string, project: RouteStaticData['project'], integration = false): PageEntry {
  function Page() {
    const projectId = useSearchParam('project');
    return (
      <>
        <h1>{name}</h1>
        <p>{projectId ? `In ${projectId}` : 'No project'}</p>
      </>
    );
  }
  return {
    path,
    staticData: { name, title: name, layout: 'blank', user: true, project, ...(integration ? { integration } : {}) },
    component: Page,
  };
}

const routes = [
  ...routeTable,
  testPage('/always', 'test.always', 'always'),
  testPage('/sometimes', 'test.sometimes', 'sometimes'),
  testPage('/never', 'test.never', 'never'),
  // Says 'never', but a module's route always needs a project.
  testPage('/module-page', 'test.module', 'never', true),
];

function api(extra: FakeRoutes = {}) {
  return signedInApi({ [PROJECTS]: () => json(200, [harbour, plant]), ...extra });
}

function start(path: string, fake = api()) {
  const app = renderApp(path, fake.fetch, routes);
  // Every location a navigation settled on, in order.
  const resolved: string[] = [];
  app.router.subscribe('onResolved', ({ toLocation }) => resolved.push(toLocation.href));
  return { ...app, resolved, fake };
}

beforeEach(() => {
  // 'Project not found' is logged (SPEC.md section 8); keep the test output quiet.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('project selection: always', () => {
  it('adds the first project to the query when none is given, replacing the entry', async () => {
    const { router } = start('/always?tab=2');
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/always');
    expect(router.state.location.search).toEqual({ tab: 2, project: harbour.id });
    expect(router.history.length).toBe(1);
  });

  it('adds the remembered (active) project when the user still has it', async () => {
    window.localStorage.setItem(ACTIVE_PROJECT_STORAGE_KEY, plant.id);
    const { router } = start('/always');
    expect(await screen.findByText(`In ${plant.id}`)).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ project: plant.id });
  });

  it('adds the project of the previous navigations over the remembered one', async () => {
    window.localStorage.setItem(ACTIVE_PROJECT_STORAGE_KEY, harbour.id);
    const { router } = start(`/sometimes?project=${plant.id}`);
    expect(await screen.findByText(`In ${plant.id}`)).toBeInTheDocument();
    await go(router, '/never');
    expect(await screen.findByText('No project')).toBeInTheDocument();
    await go(router, '/always');
    await waitFor(() => expect(router.state.location.search).toEqual({ project: plant.id }));
  });

  it('keeps a project of the user as it is', async () => {
    const { router, resolved } = start(`/always?project=${plant.id}`);
    expect(await screen.findByText(`In ${plant.id}`)).toBeInTheDocument();
    expect(resolved).toEqual([`/always?project=${plant.id}`]);
    expect(router.state.location.search).toEqual({ project: plant.id });
  });

  it('is what the dashboard route (project.dashboard) does', async () => {
    const { router } = start('/dashboard/');
    await waitFor(() => expect(router.state.location.search).toEqual({ project: harbour.id }));
    expect(router.state.location.pathname).toBe('/dashboard/');
  });

  it("throws 'Project not found' when the user has no project, with the way to create one", async () => {
    // React reports the error the route's error component shows.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = start('/always', api({ [PROJECTS]: () => json(200, []) }));
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a project' })).toHaveAttribute('href', '/projects/create');
    expect(router.state.location.href).toBe('/always');
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Project not found'));
  });

  it('goes to two-factor set-up when the list is refused with 403', async () => {
    const fake = api({ [PROJECTS]: apiError(403, 'TWO_FACTOR_REQUIRED', 'Two-factor authentication is required.') });
    const { router } = start('/always', fake);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/two-factor-authentication/setup-authenticator'),
    );
  });
});

describe('project selection: never', () => {
  it('removes the project from the query, keeping the rest, replacing the entry', async () => {
    const { router } = start(`/never?project=${harbour.id}&tab=members`);
    expect(await screen.findByText('No project')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tab: 'members' });
    expect(router.history.length).toBe(1);
  });

  it('leaves a query without project alone', async () => {
    const { resolved } = start('/never?tab=members');
    expect(await screen.findByText('No project')).toBeInTheDocument();
    expect(resolved).toEqual(['/never?tab=members']);
  });
});

describe('project selection: sometimes', () => {
  it('keeps the query as it is, with or without a project', async () => {
    const { router } = start('/sometimes');
    expect(await screen.findByText('No project')).toBeInTheDocument();
    await go(router, '/sometimes', { project: harbour.id });
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();
  });

  it('continues with a project that cannot be loaded', async () => {
    const { router, resolved } = start(`/sometimes?project=${stranger}`);
    expect(await screen.findByText(`In ${stranger}`)).toBeInTheDocument();
    expect(resolved).toEqual([`/sometimes?project=${stranger}`]);
    expect(router.state.location.pathname).toBe('/sometimes');
  });
});

describe('project selection: a project changed between navigations', () => {
  it('goes to projects.switch with the target, minus project, as redirect_uri, then on to it', async () => {
    const { router, resolved } = start(`/always?project=${harbour.id}`);
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();

    await go(router, '/always', { project: plant.id, tab: 'x' });

    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'x', project: plant.id }));
    expect(router.state.location.pathname).toBe('/always');
    const redirectUri = encodeURIComponent('/always?tab=x');
    expect(resolved).toContain(`/projects/switch?project=${plant.id}&redirect_uri=${redirectUri}`);
    // projects.switch made it the active project.
    expect(window.localStorage.getItem(ACTIVE_PROJECT_STORAGE_KEY)).toBe(plant.id);
    expect(await screen.findByText(`In ${plant.id}`)).toBeInTheDocument();
  });

  it('counts the project of pages that keep none (account pages) as the previous one', async () => {
    const { router, resolved } = start(`/sometimes?project=${harbour.id}`);
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();
    await go(router, '/never');
    await go(router, '/sometimes', { project: plant.id });
    await waitFor(() => expect(resolved.some((href) => href.startsWith('/projects/switch?'))).toBe(true));
  });

  it('does not send projects.switch itself to projects.switch', async () => {
    const { router, resolved } = start(`/always?project=${harbour.id}`);
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();
    await act(() => router.navigate({ href: `/projects/switch?project=${plant.id}&redirect_uri=/always` }));
    await waitFor(() => expect(router.state.location.href).toBe(`/always?project=${plant.id}`));
    expect(resolved.filter((href) => href.startsWith('/projects/switch'))).toEqual([
      `/projects/switch?project=${plant.id}&redirect_uri=%2Falways`,
    ]);
  });

  it('is no change on a first visit, nor with the same project', async () => {
    const { router, resolved } = start(`/sometimes?project=${plant.id}`);
    expect(await screen.findByText(`In ${plant.id}`)).toBeInTheDocument();
    await go(router, '/always', { project: plant.id });
    await waitFor(() => expect(router.state.location.pathname).toBe('/always'));
    expect(resolved.some((href) => href.startsWith('/projects/switch'))).toBe(false);
  });
});

describe('project selection: a project that cannot be loaded', () => {
  it("goes to the dashboard without it when the route needs one (the project isn't the user's)", async () => {
    const { router, resolved } = start(`/always?project=${stranger}&tab=x`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    // Without the project; the dashboard, needing one, then takes the user's first.
    expect(resolved).not.toContain(`/always?project=${stranger}&tab=x`);
    await waitFor(() => expect(router.state.location.search).toEqual({ project: harbour.id }));
  });

  it('asks the server again before deciding a project is not there (one just joined)', async () => {
    let calls = 0;
    const fake = api({ [PROJECTS]: () => json(200, ++calls === 1 ? [harbour] : [harbour, plant]) });
    const { router } = start('/always', fake);
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();
    await go(router, '/projects/switch', { project: plant.id, redirect_uri: '/always' });
    await waitFor(() => expect(router.state.location.href).toBe(`/always?project=${plant.id}`));
    expect(await screen.findByText(`In ${plant.id}`)).toBeInTheDocument();
  });

  it('goes to the dashboard without it when the list of projects fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = start(`/always?project=${harbour.id}`, api({ [PROJECTS]: apiError(500, 'INTERNAL_ERROR') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(router.state.location.search).toEqual({});
    // The dashboard needs a project and none can be listed: the failure shows, with a retry.
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('project selection: module (integration) routes', () => {
  it('always need a project, whatever their own requirement says', async () => {
    const { router } = start('/module-page');
    expect(await screen.findByText(`In ${harbour.id}`)).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ project: harbour.id });
  });

  it("go to the dashboard for a project that isn't the user's", async () => {
    const { router } = start(`/module-page?project=${stranger}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
  });
});

describe('project pages (ProjectPage) agree with the router', () => {
  it('get their project from the router before they render', async () => {
    const fake = api({
      'POST /v1/enforcer/enforce': () =>
        json(200, { permissions: { granted: ['members.read'], denied: [] }, resolutions: { roles: [] } }),
      [`GET /v1/projects/${harbour.id}/users`]: json(200, { items: [], nextPageToken: null }),
      'GET /v1/enforcer/roles': json(200, []),
    });
    const { router, resolved } = start('/users', fake);
    // The page never rendered without a project: the first settled location already had it.
    await waitFor(() => expect(resolved[0]).toBe(`/users?project=${harbour.id}`));
    expect(router.state.location.search).toEqual({ project: harbour.id });
  });
});
