import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Platform } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { driveFileFixture } from '../../features/drive/drive-fixtures';
import { driveFileOf } from '../../features/platform/settings-api';
import {
  apiError,
  fakeProject,
  json,
  listPage,
  queryOf,
  signedInApi,
  user,
  type FakeCall,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const admin = { ...user, isAdmin: true };
const shop = fakeProject(1, { name: 'Harbour Goods' });
const P = shop.id;
const PAGE = '/platform/settings';
const SETTINGS = 'GET /v1/platform';
const PATCH = 'PATCH /v1/platform';
const ADD = 'POST /v1/platform/domains';
const DRIVE = 'GET /v1/drive/metadata';

const publicUrl = (id: string, version = 1) => `/v1/drive/public/${P}/files/${id}?v=${version}`;
const faviconFile = driveFileFixture(1, { name: 'favicon.png', public: true });
const lightLogo = driveFileFixture(2, { name: 'logo-light.png', public: true });
const darkLogo = driveFileFixture(3, { name: 'logo-dark.png', public: true, version: 2 });
const secret = driveFileFixture(4, { name: 'draft-logo.png', public: false });

const stored: Platform = {
  id: '0b6f3c2e-4d1a-4f7e-9c55-7c1c2d7a1b10',
  name: 'Harbour',
  domains: ['console.harbour.example', 'harbour.localhost'],
  public: false,
  favicon: publicUrl(faviconFile.id),
  logos: [{ url: publicUrl(lightLogo.id), meta: { device: 'desktop', theme: 'light' } }],
};

/**
 * The platform-admin calls over a stored platform that changes as the server would: PATCH applies
 * what it is given (files as their public addresses), domains are added last and removed.
 */
function settingsApi(routes: FakeRoutes = {}, who = admin) {
  let platform: Platform = structuredClone(stored);
  const patch = (call: FakeCall) => {
    const body = call.body as {
      name?: string;
      public?: boolean;
      favicon?: string | null;
      logos?: { fileId: string; device: 'desktop' | 'mobile'; theme: 'light' | 'dark' }[];
      domains?: string[];
    };
    const version = (id: string) => [faviconFile, lightLogo, darkLogo].find((f) => f.id === id)?.version ?? 1;
    platform = {
      ...platform,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.public !== undefined ? { public: body.public } : {}),
      ...(body.favicon !== undefined
        ? { favicon: body.favicon && publicUrl(body.favicon, version(body.favicon)) }
        : {}),
      ...(body.logos
        ? {
            logos: body.logos.map((l) => ({
              url: publicUrl(l.fileId, version(l.fileId)),
              meta: { device: l.device, theme: l.theme },
            })),
          }
        : {}),
      ...(body.domains ? { domains: body.domains } : {}),
    };
    return json(200, platform);
  };
  const api = signedInApi(
    {
      'GET /v1/projects': () => json(200, [shop]),
      [SETTINGS]: () => json(200, platform),
      [PATCH]: patch,
      [ADD]: (call) => {
        platform = { ...platform, domains: [...platform.domains, (call.body as { domain: string }).domain] };
        return json(201, { data: platform.domains });
      },
      'DELETE /v1/platform/domains/harbour.localhost': () => {
        platform = { ...platform, domains: platform.domains.filter((d) => d !== 'harbour.localhost') };
        return json(200, { data: platform.domains });
      },
      [DRIVE]: () => listPage([darkLogo, secret, lightLogo, faviconFile]),
      ...routes,
    },
    who,
  );
  return api;
}

const section = (name: string) => screen.findByRole('region', { name });
const domainNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('the platform settings page (platform administrators)', () => {
  it('shows the stored settings, and saves a name change with only what changed', async () => {
    const api = settingsApi();
    renderApp(PAGE, api.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform settings' })).toBeInTheDocument();
    const general = await section('General');
    const name = await within(general).findByLabelText('Platform name');
    expect(name).toHaveValue('Harbour');
    expect(within(general).getByRole('checkbox', { name: /Public/ })).not.toBeChecked();
    expect(queryOf(api.callsTo(SETTINGS)[0])).toEqual({ project: P });
    const save = within(general).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const branding = await section('Branding');
    expect(within(branding).getByRole('img', { name: 'Favicon' })).toHaveAttribute('src', publicUrl(faviconFile.id));
    expect(within(branding).getByRole('img', { name: 'Desktop logo, light theme' })).toHaveAttribute(
      'src',
      publicUrl(lightLogo.id),
    );
    expect(within(branding).getByRole('button', { name: 'Remove the desktop logo, dark theme' })).toBeDisabled();

    await userEvent.clear(name);
    await userEvent.click(save);
    expect(await within(general).findByText('Give the platform a name.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)).toHaveLength(0);

    await userEvent.type(name, 'Harbour Console');
    await userEvent.click(save);
    expect(await within(general).findByText('Platform settings saved.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ name: 'Harbour Console' });
    expect(queryOf(api.callsTo(PATCH)[0])).toEqual({ project: P });
    expect(save).toBeDisabled();

    await userEvent.click(within(general).getByRole('checkbox', { name: /Public/ }));
    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(2));
    expect(api.callsTo(PATCH)[1]!.body).toEqual({ public: true });
  });

  it('shows the server’s refusal beside the name', async () => {
    const api = settingsApi({
      [PATCH]: apiError(400, 'VALIDATION_FAILED', 'The request is not valid.', [
        { path: 'body.name', message: 'Too big: expected string to have <=100 characters' },
      ]),
    });
    renderApp(PAGE, api.fetch);
    const general = await section('General');
    await userEvent.type(await within(general).findByLabelText('Platform name'), ' 2');
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await within(general).findByText(/expected string to have <=100 characters/)).toBeInTheDocument();
    expect(within(general).queryByText('Platform settings saved.')).not.toBeInTheDocument();
  });

  it('picks a logo from the drive’s public images and sends every logo by its file', async () => {
    const api = settingsApi();
    renderApp(PAGE, api.fetch);
    const branding = await section('Branding');
    const save = within(branding).getByRole('button', { name: 'Save branding' });
    expect(save).toBeDisabled();
    await userEvent.click(within(branding).getByRole('button', { name: 'Choose the desktop logo, dark theme' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose the desktop logo, dark theme' });
    expect(within(picker).getByText(/Only public files can be chosen/)).toBeInTheDocument();
    const images = await within(picker).findByRole('list', { name: 'Images' });
    expect(queryOf(api.callsTo(DRIVE)[0])).toMatchObject({ project: P, query: 'type:image' });
    const draft = within(images).getByRole('button', { name: 'Choose draft-logo.png' });
    expect(draft).toBeDisabled();
    expect(draft).toHaveAccessibleDescription('Make it public in Drive first');
    await userEvent.click(within(images).getByRole('button', { name: 'Choose logo-dark.png' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Choose the/ })).not.toBeInTheDocument());

    expect(within(branding).getByRole('img', { name: 'Desktop logo, dark theme' })).toHaveAttribute(
      'src',
      publicUrl(darkLogo.id, 2),
    );
    await userEvent.click(within(branding).getByRole('button', { name: 'Remove the favicon' }));
    await userEvent.click(save);
    expect(await within(branding).findByText('Branding saved.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]!.body).toEqual({
      favicon: null,
      logos: [
        { fileId: lightLogo.id, device: 'desktop', theme: 'light' },
        { fileId: darkLogo.id, device: 'desktop', theme: 'dark' },
      ],
    });
    expect(within(branding).queryByRole('img', { name: 'Favicon' })).not.toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('reorders the domains, adds one and removes one after confirming', async () => {
    const api = settingsApi();
    renderApp(PAGE, api.fetch);
    const domains = await section('Domains');
    expect(
      within(domains).getByText(/The first domain is where people are sent from an unknown address/),
    ).toBeInTheDocument();
    const list = within(domains).getByRole('list', { name: 'Platform domains' });
    expect(domainNames(list)).toEqual(['console.harbour.example', 'harbour.localhost']);
    expect(within(list).getByRole('button', { name: 'Move console.harbour.example up' })).toBeDisabled();

    await userEvent.click(within(list).getByRole('button', { name: 'Move harbour.localhost up' }));
    await waitFor(() => expect(domainNames(list)).toEqual(['harbour.localhost', 'console.harbour.example']));
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ domains: ['harbour.localhost', 'console.harbour.example'] });
    expect(
      within(within(list).getByRole('listitem', { name: 'harbour.localhost' })).getByText('Canonical'),
    ).toBeInTheDocument();

    await userEvent.type(within(domains).getByLabelText('Domain'), 'shop.harbour.example');
    await userEvent.click(within(domains).getByRole('button', { name: 'Add domain' }));
    await waitFor(() =>
      expect(domainNames(list)).toEqual(['harbour.localhost', 'console.harbour.example', 'shop.harbour.example']),
    );
    expect(api.callsTo(ADD)[0]!.body).toEqual({ domain: 'shop.harbour.example' });
    expect(within(domains).getByLabelText('Domain')).toHaveValue('');

    await userEvent.click(within(list).getByRole('button', { name: 'Remove harbour.localhost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove harbour.localhost?' });
    expect(dialog).toHaveTextContent('console.harbour.example becomes the first');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(domainNames(list)).toEqual(['console.harbour.example', 'shop.harbour.example']));
    expect(api.callsTo('DELETE /v1/platform/domains/harbour.localhost')).toHaveLength(1);
  });

  it('shows why the last domain cannot be removed, and the server’s refusal of a domain', async () => {
    const api = settingsApi({
      [SETTINGS]: () => json(200, { ...stored, domains: ['console.harbour.example'] }),
      [ADD]: apiError(
        409,
        'DOMAIN_TAKEN',
        'taken.example is already used by the platform North: remove it there first.',
      ),
    });
    renderApp(PAGE, api.fetch);
    const domains = await section('Domains');
    const remove = within(domains).getByRole('button', { name: 'Remove console.harbour.example' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(/A platform needs at least one domain to be reached/);
    await userEvent.type(within(domains).getByLabelText('Domain'), 'taken.example');
    await userEvent.click(within(domains).getByRole('button', { name: 'Add domain' }));
    expect(await within(domains).findByText(/already used by the platform North/)).toBeInTheDocument();
  });

  it('shows a load failure with a way to try again', async () => {
    let fail = true;
    const api = settingsApi({
      [SETTINGS]: () => (fail ? json(500, {}) : json(200, stored)),
    });
    renderApp(PAGE, api.fetch);
    expect(await screen.findByText('The platform settings could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Platform name')).toHaveValue('Harbour');
  });

  it('is closed to anyone but platform administrators, who are not asked for the settings', async () => {
    const api = settingsApi({}, user);
    renderApp(PAGE, api.fetch);
    expect(await screen.findByText(/Only platform administrators can change the platform/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Platform name')).not.toBeInTheDocument();
    expect(api.callsTo(SETTINGS)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Platform settings' })).not.toBeInTheDocument();
  });

  it('works on the platform of the project the administrator picks', async () => {
    const north = fakeProject(2, { name: 'North Plant', platform: { name: 'North' } });
    const api = settingsApi({
      'GET /v1/projects': () => json(200, [shop, north]),
      [SETTINGS]: (call) => json(200, queryOf(call).project === north.id ? { ...stored, name: 'North' } : stored),
    });
    renderApp(PAGE, api.fetch);
    expect(await screen.findByLabelText('Platform name')).toHaveValue('Harbour');
    await userEvent.selectOptions(screen.getByLabelText('Project'), 'North Plant (North)');
    await waitFor(() => expect(screen.getByLabelText('Platform name')).toHaveValue('North'));
    expect(api.callsTo(SETTINGS).map((c) => queryOf(c).project)).toEqual([P, north.id]);
  });

  it("works on this address's platform for an administrator with no project, images waiting for one", async () => {
    const api = settingsApi({ 'GET /v1/projects': () => json(200, []) });
    renderApp(PAGE, api.fetch);
    const general = await section('General');
    const name = await within(general).findByLabelText('Platform name');
    expect(name).toHaveValue('Harbour');
    expect(queryOf(api.callsTo(SETTINGS)[0])).toEqual({});
    expect(screen.getByText(/public images from a project's drive: create a project/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Branding' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Project')).not.toBeInTheDocument();

    await userEvent.type(name, ' Console');
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await within(general).findByText('Platform settings saved.')).toBeInTheDocument();
    expect(queryOf(api.callsTo(PATCH)[0])).toEqual({});
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ name: 'Harbour Console' });
    expect(await section('Domains')).toBeInTheDocument();
  });

  it('lists the page in the account menu for administrators', async () => {
    renderApp('/settings', settingsApi().fetch);
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Platform settings' })).toHaveAttribute('href', PAGE);
  });
});

describe('driveFileOf', () => {
  it('reads the file of a public drive address of the project, and nothing else', () => {
    expect(driveFileOf(publicUrl(lightLogo.id, 3), P)).toBe(lightLogo.id);
    expect(driveFileOf(`https://console.example${publicUrl(lightLogo.id)}`, P)).toBe(lightLogo.id);
    expect(driveFileOf(publicUrl(lightLogo.id), fakeProject(2).id)).toBeUndefined();
    expect(driveFileOf('/brand/logo.svg', P)).toBeUndefined();
  });
});
