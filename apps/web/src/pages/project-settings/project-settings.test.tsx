import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACTIVE_PROJECT_STORAGE_KEY } from '../../features/projects/remembered-project';
import {
  apiError,
  enforceRoute,
  fakeOrganisation,
  fakeProject,
  json,
  signedInApi,
  type FakeCall,
  type FakeProject,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const PROJECTS = 'GET /v1/projects';
const ENFORCE = 'POST /v1/enforcer/enforce';

const ALL = ['projects.read', 'projects.update', 'projects.delete'];

const harbour = fakeProject(1, {
  name: 'Harbour Shop',
  logos: [{ url: 'https://cdn.example/harbour.svg', meta: { context: 'dashboard', backgroundColor: '#003366' } }],
});
const other = fakeProject(2, { name: 'North Plant' });
const UPDATE = `PATCH /v1/projects/${harbour.id}`;
const DELETE = `DELETE /v1/projects/${harbour.id}`;
const path = `/project/settings?project=${harbour.id}`;

function settingsApi(granted: string[] = ALL, routes: FakeRoutes = {}) {
  let projects: FakeProject[] = [harbour, other];
  return signedInApi({
    [PROJECTS]: () => json(200, projects),
    'GET /v1/organisations': json(200, [fakeOrganisation(1)]),
    ...enforceRoute(granted),
    [UPDATE]: ({ body }: FakeCall) => {
      const saved = { ...harbour, ...(body as Partial<FakeProject>) };
      projects = projects.map((p) => (p.id === saved.id ? saved : p));
      return json(200, saved);
    },
    [DELETE]: () => {
      projects = projects.filter((p) => p.id !== harbour.id);
      return new Response(null, { status: 204 });
    },
    ...routes,
  });
}

const section = (name: string) => screen.findByRole('region', { name });

describe('projects.settings: name', () => {
  it('asks /enforce about the page, then saves a new name', async () => {
    const api = settingsApi();
    renderApp(path, api.fetch);
    const name = await screen.findByLabelText('Project name');
    expect(name).toHaveValue('Harbour Shop');
    // The page's own question (the chrome asks about its menu separately).
    expect(api.callsTo(ENFORCE).map((call) => call.body)).toContainEqual(
      expect.objectContaining({ project: harbour.id, permissions: ALL }),
    );

    await userEvent.clear(name);
    await userEvent.type(name, '  Harbour Store ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Project name saved.')).toBeInTheDocument();
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({ name: 'Harbour Store' });
    // The side menu shows the saved name at once.
    expect(screen.getByRole('navigation', { name: 'Project' })).toHaveTextContent('Harbour Store');
  });

  it('checks the name in the browser, and says when nothing changed', async () => {
    const api = settingsApi();
    renderApp(path, api.fetch);
    const name = await screen.findByLabelText('Project name');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Nothing to save: no changes.')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });

  it("shows the server's validation error beside the name", async () => {
    renderApp(
      path,
      settingsApi(ALL, {
        [UPDATE]: apiError(400, 'VALIDATION_ERROR', 'Invalid', [{ path: 'body.name', message: 'That name is taken.' }]),
      }).fetch,
    );
    const name = await screen.findByLabelText('Project name');
    await userEvent.type(name, ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('That name is taken.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('disables what projects.update is needed for, and says why', async () => {
    const api = settingsApi(['projects.read']);
    renderApp(path, api.fetch);
    const name = await screen.findByLabelText('Project name');
    expect(name).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save name' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add logo' })).toBeDisabled();
    const general = await section('General');
    expect(general).toHaveTextContent("Your role in this project doesn't allow this.");
    expect(general).toHaveTextContent('(projects.update)');
    // Deleting is for owners only: no button, and the reason.
    const danger = await section('Delete project');
    expect(within(danger).queryByRole('button')).not.toBeInTheDocument();
    expect(danger).toHaveTextContent("Only the project's owners can delete it.");
    expect(danger).toHaveTextContent('(projects.delete)');
  });

  it('shows the reason when the page itself is denied', async () => {
    renderApp(path, settingsApi([]).fetch);
    expect(await screen.findByText(/\(projects\.read\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Project name')).not.toBeInTheDocument();
  });
});

describe('projects.settings: logos', () => {
  it("shows the logos, marks the dashboard one as the console's, and saves added and removed rows", async () => {
    const api = settingsApi();
    renderApp(path, api.fetch);
    const logos = await section('Logos');
    expect(logos).toHaveTextContent('The console shows the logo whose context is dashboard');
    expect(within(logos).getByLabelText('Logo 1 image URL')).toHaveValue('https://cdn.example/harbour.svg');
    expect(within(logos).getByLabelText('Logo 1 context')).toHaveValue('dashboard');
    expect(within(logos).getByLabelText('Logo 1 background colour')).toHaveValue('#003366');
    expect(within(logos).getByRole('img', { name: 'Preview of logo 1' })).toHaveAttribute(
      'src',
      'https://cdn.example/harbour.svg',
    );
    expect(within(logos).getByText('Shown in the console')).toBeInTheDocument();

    await userEvent.click(within(logos).getByRole('button', { name: 'Add logo' }));
    await userEvent.type(within(logos).getByLabelText('Logo 2 image URL'), 'https://cdn.example/mail.png');
    await userEvent.type(within(logos).getByLabelText('Logo 2 context'), 'email');
    await userEvent.click(within(logos).getByRole('button', { name: 'Remove logo 1' }));
    expect(within(logos).getByText(/No logo has the dashboard context/)).toBeInTheDocument();

    await userEvent.click(within(logos).getByRole('button', { name: 'Save logos' }));
    expect(await within(logos).findByText('Logos saved.')).toBeInTheDocument();
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({
      logos: [{ url: 'https://cdn.example/mail.png', meta: { context: 'email' } }],
    });
  });

  it('checks each logo in the browser before saving', async () => {
    const api = settingsApi(ALL, { [PROJECTS]: json(200, [{ ...harbour, logos: [] }]) });
    renderApp(path, api.fetch);
    const logos = await section('Logos');
    expect(within(logos).getByText('No logos yet: the project shows its initials.')).toBeInTheDocument();
    await userEvent.click(within(logos).getByRole('button', { name: 'Add logo' }));
    // With no dashboard logo yet, a new row is the dashboard's.
    expect(within(logos).getByLabelText('Logo 1 context')).toHaveValue('dashboard');
    await userEvent.type(within(logos).getByLabelText('Logo 1 image URL'), 'not a web address');
    await userEvent.click(within(logos).getByRole('button', { name: 'Save logos' }));
    expect(
      await within(logos).findByText('Enter a full web address, like https://example.com/logo.svg.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(logos).getByLabelText('Logo 1 image URL')).toHaveFocus());
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });
});

describe('projects.settings: delete', () => {
  it('needs the typed project name, states what goes, calls DELETE and leaves for the list', async () => {
    window.localStorage.setItem(ACTIVE_PROJECT_STORAGE_KEY, harbour.id);
    const api = settingsApi();
    const { router } = renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete project' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Harbour Shop?' });
    expect(dialog).toHaveTextContent('every member loses access');
    expect(dialog).toHaveTextContent('invitations');
    expect(dialog).toHaveTextContent('custom roles');
    expect(dialog).toHaveTextContent('API keys');
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'Harbour');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), ' Shop');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(api.callsTo(DELETE)).toHaveLength(1);
    expect(router.state.location.search).toEqual({ notice: 'project-deleted' });
    expect(await screen.findByText(/Project deleted\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Harbour Shop')).not.toBeInTheDocument());
    expect(screen.getByText('North Plant')).toBeInTheDocument();
    expect(window.localStorage.getItem(ACTIVE_PROJECT_STORAGE_KEY)).toBeNull();
  });

  it('shows a refusal in the dialog and stays', async () => {
    const { router } = renderApp(
      path,
      settingsApi(ALL, { [DELETE]: apiError(403, 'FORBIDDEN', 'Only an owner can delete the project.') }).fetch,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete project' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/to confirm/), 'Harbour Shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only an owner can delete the project.');
    expect(router.state.location.pathname).toBe('/project/settings');
  });
});
