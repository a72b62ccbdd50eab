import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACTIVE_PROJECT_STORAGE_KEY } from '../../features/projects/remembered-project';
import {
  apiError,
  deferred,
  enforceRoute,
  fakeApi,
  fakeOrganisation,
  fakeProject,
  json,
  platform,
  serviceToken,
  signedIn,
  user,
  type FakeCall,
  type FakeProject,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const PROJECTS = 'GET /v1/projects';
const ORGANISATIONS = 'GET /v1/organisations';
const TEMPLATES = 'GET /v1/projects/templates';
const CREATE = 'POST /v1/projects';

const shop = fakeOrganisation(1, { name: 'Harbour Trading' });
const works = fakeOrganisation(2, { name: 'Dockside Works' });

function api(routes: FakeRoutes, options: { public?: boolean; who?: typeof user } = {}) {
  const who = options.who ?? user;
  return fakeApi({
    ...(options.public === false ? { platform: json(200, { ...platform, public: false }) } : {}),
    routes: {
      ...signedIn(who),
      ...serviceToken(who),
      [ORGANISATIONS]: json(200, [shop, works]),
      ...enforceRoute(['projects.read', 'projects.update', 'projects.delete']),
      ...routes,
    },
  });
}

const templates = [
  {
    key: 'shop',
    name: 'Shop',
    description: 'A storefront selling to consumers.',
    roles: [{ key: 'shop-assistant', name: 'Shop assistant', description: 'Serves customers.', permissions: [] }],
    settings: { currency: 'EUR', timezone: 'Europe/Amsterdam', weightUnit: 'kg' },
    modules: ['products', 'wooCommerce'],
  },
  {
    key: 'factory',
    name: 'Factory',
    description: 'A production site.',
    roles: [],
    settings: { currency: 'EUR', timezone: 'UTC', weightUnit: 'kg' },
    modules: [],
  },
  {
    key: 'blank',
    name: 'Blank',
    description: 'Nothing added: the built-in roles only.',
    roles: [],
    settings: {},
    modules: [],
  },
];

const list = () => screen.findByRole('list', { name: 'Your projects' });

describe('projects.list', () => {
  it("lists the user's projects with their organisation and logo, each opening it through projects.switch", async () => {
    const harbour = fakeProject(1, {
      name: 'Harbour Shop',
      logos: [
        { url: 'https://cdn.example/email.png', meta: { context: 'email' } },
        { url: 'https://cdn.example/harbour.svg', meta: { context: 'dashboard', backgroundColor: '#003366' } },
      ],
    });
    const plant = fakeProject(2, { name: 'North Plant', organisationId: works.id });
    renderApp('/projects', api({ [PROJECTS]: json(200, [harbour, plant]) }).fetch);

    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!).getByRole('link');
    expect(first).toHaveTextContent('Harbour Shop');
    expect(first).toHaveTextContent('Harbour Trading');
    expect(first).toHaveAttribute('href', `/projects/switch?project=${harbour.id}`);
    // The dashboard-context logo is the one shown.
    expect(first.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/harbour.svg');
    expect(within(items[1]!).getByRole('link')).toHaveTextContent('Dockside Works');
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(document.title).toBe('Projects - Wharf');
    // No search box for 5 projects or fewer.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('marks the project the user last switched to', async () => {
    window.localStorage.setItem(ACTIVE_PROJECT_STORAGE_KEY, fakeProject(2).id);
    renderApp('/projects', api({ [PROJECTS]: json(200, [fakeProject(1), fakeProject(2)]) }).fetch);
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent('Current');
    expect(items[1]).toHaveTextContent('Current');
  });

  it("shows 'Create project' on a public platform", async () => {
    renderApp('/projects', api({ [PROJECTS]: json(200, [fakeProject(1)]) }).fetch);
    await list();
    expect(screen.getByRole('link', { name: 'Create project' })).toHaveAttribute('href', '/projects/create');
  });

  it("hides 'Create project' on a private platform, and says how to join one when there is none", async () => {
    renderApp('/projects', api({ [PROJECTS]: json(200, []) }, { public: false }).fetch);
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.getByText(/Ask a project owner to invite you/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create project' })).not.toBeInTheDocument();
  });

  it("has an empty state with 'Create project'", async () => {
    renderApp('/projects', api({ [PROJECTS]: json(200, []) }).fetch);
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Create project' });
    expect(create).toHaveLength(1);
    expect(create[0]).toHaveAttribute('href', '/projects/create');
  });

  it('shows a search box above 5 projects, searching names and organisations', async () => {
    const projects = [1, 2, 3, 4, 5].map((n) => fakeProject(n, { name: `Shop ${n}` }));
    projects.push(fakeProject(6, { name: 'North Plant', organisationId: works.id }));
    renderApp('/projects', api({ [PROJECTS]: json(200, projects) }).fetch);
    await list();
    const search = screen.getByRole('searchbox', { name: 'Search projects' });
    expect(screen.getByText('6 projects')).toBeInTheDocument();

    await userEvent.type(search, 'plant');
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 of 6 projects match')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'dockside');
    expect(within(await list()).getByRole('link')).toHaveTextContent('North Plant');

    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(screen.getByText('No projects match “nothing like it”.')).toBeInTheDocument();
  });

  it('says it is loading, then shows a failure and tries again', async () => {
    const first = deferred<Response>();
    let calls = 0;
    renderApp(
      '/projects',
      api({ [PROJECTS]: () => (++calls === 1 ? first.promise : json(200, [fakeProject(1)])) }).fetch,
    );
    expect(await screen.findByText('Loading projects…')).toBeInTheDocument();
    first.resolve(apiError(500, 'INTERNAL_ERROR', 'Database down'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Project 1')).toBeInTheDocument();
  });

  it('goes to two-factor set-up when the projects are refused with 403 (SPEC.md section 8)', async () => {
    const fake = api({ [PROJECTS]: apiError(403, 'TWO_FACTOR_REQUIRED', 'Two-factor authentication is required.') });
    const { router } = renderApp('/projects', fake.fetch);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/settings/two-factor-authentication/setup-authenticator'),
    );
    expect(fake.callsTo(PROJECTS).length).toBeLessThanOrEqual(2);
  });

  it('treats a 401 on the projects as signed out: lists cleared, and back to login (SPEC.md section 8)', async () => {
    const fake = api({ [PROJECTS]: apiError(401, 'UNAUTHORIZED'), [ORGANISATIONS]: apiError(401, 'UNAUTHORIZED') });
    const { router, queryClient } = renderApp('/projects', fake.fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/projects' });
    expect(queryClient.getQueryData(['projects', 'list'])).toEqual([]);
    // Refused once more at most (the list on screen when the session was cleared), not without end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.callsTo(PROJECTS).length).toBeLessThanOrEqual(2);
  });

  it('says a project was deleted when projects.settings leaves the notice', async () => {
    renderApp('/projects?notice=project-deleted', api({ [PROJECTS]: json(200, [fakeProject(1)]) }).fetch);
    expect(await screen.findByText(/Project deleted\./)).toBeInTheDocument();
  });
});

describe('projects.create', () => {
  function createApi(extra: FakeRoutes = {}, options: { public?: boolean } = {}) {
    const projects: FakeProject[] = [fakeProject(1)];
    const created = fakeProject(9, { name: 'Harbour Shop' });
    return api(
      {
        [PROJECTS]: () => json(200, projects),
        [TEMPLATES]: json(200, templates),
        [CREATE]: ({ body }: FakeCall) => {
          const request = body as { name: string; organisationId?: string };
          const project = { ...created, name: request.name, organisationId: request.organisationId ?? works.id };
          projects.push(project);
          return json(201, project);
        },
        ...extra,
      },
      options,
    );
  }

  it('creates a project in one of the organisations from a template, then switches to it', async () => {
    const fake = createApi();
    const { router } = renderApp('/projects/create', fake.fetch);
    await userEvent.type(await screen.findByLabelText('Project name'), '  Harbour Shop ');
    const organisation = screen.getByRole('combobox', { name: 'Your organisations' });
    expect(organisation).toHaveValue(shop.id);
    await userEvent.selectOptions(organisation, 'Dockside Works');

    // The templates, with what they add; blank is the default.
    const blank = await screen.findByRole('radio', { name: /Blank/ });
    expect(blank).toBeChecked();
    expect(screen.getByText('A storefront selling to consumers.')).toBeInTheDocument();
    expect(screen.getByText(/Roles: Shop assistant/)).toBeInTheDocument();
    // Modules by the names the console gives them.
    expect(screen.getByText(/Modules: Products, WooCommerce\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Shop/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
    expect(fake.callsTo(CREATE)[0]?.body).toEqual({ name: 'Harbour Shop', organisationId: works.id, template: 'shop' });
    const id = fakeProject(9).id;
    expect(router.state.location.search).toEqual({ project: id });
    expect(window.localStorage.getItem(ACTIVE_PROJECT_STORAGE_KEY)).toBe(id);
    expect(await screen.findByLabelText('Project name')).toHaveValue('Harbour Shop');
  });

  it('creates a new organisation by name with the project, starting blank by default', async () => {
    const fake = createApi();
    const { router } = renderApp('/projects/create', fake.fetch);
    await userEvent.type(await screen.findByLabelText('Project name'), 'Harbour Shop');
    await userEvent.click(screen.getByRole('radio', { name: 'A new organisation' }));
    await userEvent.type(screen.getByLabelText("New organisation's name"), 'Quay Ltd');
    await screen.findByRole('radio', { name: /Blank/ });
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
    expect(fake.callsTo(CREATE)[0]?.body).toEqual({
      name: 'Harbour Shop',
      organisationName: 'Quay Ltd',
      template: 'blank',
    });
  });

  it('checks the fields in the browser first, beside each field', async () => {
    const fake = createApi({ [ORGANISATIONS]: json(200, []) });
    renderApp('/projects/create', fake.fetch);
    // Without organisations of their own, the user names a new one.
    const organisationName = await screen.findByLabelText("New organisation's name");
    // No organisation picker (the header's search is a combobox of its own).
    expect(within(screen.getByRole('main')).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a name for the new organisation.')).toBeInTheDocument();
    expect(organisationName).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Project name')).toHaveFocus());
    expect(fake.callsTo(CREATE)).toHaveLength(0);
  });

  it("shows the server's validation errors beside the fields", async () => {
    const fake = createApi({
      [CREATE]: apiError(400, 'VALIDATION_ERROR', 'Invalid request', [
        { path: 'body.name', message: 'Use at most 100 characters.' },
      ]),
    });
    renderApp('/projects/create', fake.fetch);
    const name = await screen.findByLabelText('Project name');
    await userEvent.type(name, 'Harbour Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Use at most 100 characters.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('says when a template is no longer offered, beside the templates', async () => {
    renderApp(
      '/projects/create',
      createApi({ [CREATE]: apiError(404, 'TEMPLATE_NOT_FOUND', 'Template not found') }).fetch,
    );
    await userEvent.type(await screen.findByLabelText('Project name'), 'Harbour Shop');
    await userEvent.click(await screen.findByRole('radio', { name: /Factory/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('This template is no longer offered. Choose another.')).toBeInTheDocument();
  });

  it('starts blank, without a template, when the templates cannot be loaded', async () => {
    const fake = createApi({ [TEMPLATES]: apiError(500, 'INTERNAL_ERROR') });
    const { router } = renderApp('/projects/create', fake.fetch);
    await userEvent.type(await screen.findByLabelText('Project name'), 'Harbour Shop');
    expect(await screen.findByText(/Templates are not available right now/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
    expect(fake.callsTo(CREATE)[0]?.body).toEqual({ name: 'Harbour Shop', organisationId: shop.id });
  });

  it('explains, on a private platform, that administrators create projects', async () => {
    const fake = createApi({}, { public: false });
    renderApp('/projects/create', fake.fetch);
    expect(await screen.findByText("Projects are set up by the platform's administrators")).toBeInTheDocument();
    expect(screen.queryByLabelText('Project name')).not.toBeInTheDocument();
  });
});

describe('projects.switch', () => {
  const harbour = fakeProject(1, { name: 'Harbour Shop' });
  const switchApi = (answer: Response | (() => Response | Promise<Response>) = json(200, [harbour])) =>
    api({ [PROJECTS]: answer });

  it('remembers the project and continues to redirect_uri with the project, keeping notification=true', async () => {
    const { router } = renderApp(
      `/projects/switch?project=${harbour.id}&redirect_uri=${encodeURIComponent('/users?search=ada&project=old')}&notification=true`,
      switchApi().fetch,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(router.state.location.search).toEqual({ search: 'ada', project: harbour.id, notification: 'true' });
    expect(window.localStorage.getItem(ACTIVE_PROJECT_STORAGE_KEY)).toBe(harbour.id);
    // Replaced: going back does not land on the switch again.
    expect(router.history.length).toBe(1);
  });

  it("goes to the project's settings without redirect_uri", async () => {
    const { router } = renderApp(`/projects/switch?project=${harbour.id}`, switchApi().fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
    expect(router.state.location.search).toEqual({ project: harbour.id });
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses the external redirect_uri %s and goes to the settings instead',
    async (redirectUri) => {
      const { router } = renderApp(
        `/projects/switch?project=${harbour.id}&redirect_uri=${encodeURIComponent(redirectUri)}`,
        switchApi().fetch,
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
      expect(router.state.location.href).toBe(`/project/settings?project=${harbour.id}`);
    },
  );

  it("says 'Project not found' for a project that is not the user's, and remembers nothing", async () => {
    const other = fakeProject(7).id;
    const { router } = renderApp(`/projects/switch?project=${other}&redirect_uri=/users`, switchApi().fetch);
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your projects' })).toHaveAttribute('href', '/projects');
    expect(router.state.location.pathname).toBe('/projects/switch');
    expect(window.localStorage.getItem(ACTIVE_PROJECT_STORAGE_KEY)).toBeNull();
  });

  it('shows that it is switching while the projects load', async () => {
    const answer = deferred<Response>();
    const { router } = renderApp(`/projects/switch?project=${harbour.id}`, switchApi(() => answer.promise).fetch);
    expect(await screen.findByText('Switching project…')).toBeInTheDocument();
    answer.resolve(json(200, [harbour]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
  });

  it('goes to the project list without a project', async () => {
    const { router } = renderApp('/projects/switch', switchApi().fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });
});
