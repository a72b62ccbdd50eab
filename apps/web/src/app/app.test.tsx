import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, healthy, json, platform } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { routeTable, type PageEntry } from './routes';

const welcomeHeading = { name: 'Welcome to Wharf' } as const;

function iconLink() {
  return document.head.querySelector('link[rel="icon"]');
}

describe('start-up', () => {
  it('shows the loading screen while the platform loads, then the welcome page', async () => {
    const pending = deferred<Response>();
    const api = fakeApi({ platform: pending.promise });
    renderApp('/', api.fetch);

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await act(async () => pending.resolve(json(200, platform)));

    expect(await screen.findByRole('heading', welcomeHeading)).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(api.requests).toContain('/omnis/v3/platform');
  });

  it('asks for the platform of the project in the query', async () => {
    const project = '5f0c7a8e-2b1d-4c3e-8f9a-0a1b2c3d4e5f';
    const api = fakeApi();
    // A page that takes a project if given (the welcome page takes none: it removes it).
    const anywhere: PageEntry = {
      path: '/anywhere',
      staticData: { name: 'anywhere', title: 'Anywhere', layout: 'blank', user: false, project: 'sometimes' },
      component: () => <h1>Anywhere</h1>,
    };
    renderApp(`/anywhere?project=${project}`, api.fetch, [...routeTable, anywhere]);
    await screen.findByRole('heading', { name: 'Anywhere' });
    expect(api.requests).toContain(`/omnis/v3/platform?project=${project}`);
  });

  it('shows the normalised error and retries on request', async () => {
    let calls = 0;
    const api = fakeApi({
      platform: () =>
        ++calls === 1 ? json(503, { code: 'PLATFORM_NOT_READY', message: 'Still.setting up' }) : json(200, platform),
    });
    renderApp('/', api.fetch);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The console could not load');
    // normalizeError's words: full stops between word characters become spaces.
    expect(alert).toHaveTextContent('Still setting up');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', welcomeHeading)).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('welcome page', () => {
  it('titles the tab and sets the platform favicon', async () => {
    renderApp('/', fakeApi().fetch);
    await screen.findByRole('heading', welcomeHeading);
    await waitFor(() => expect(document.title).toBe('Welcome - Wharf'));
    expect(iconLink()).toHaveAttribute('href', '/brand/favicon.svg');
  });

  it('uses the desktop light logo at 48x48 as favicon when the platform has none', async () => {
    renderApp('/', fakeApi({ platform: json(200, { ...platform, favicon: null }) }).fetch);
    await screen.findByRole('heading', welcomeHeading);
    await waitFor(() => expect(iconLink()).toHaveAttribute('href', '/brand/logo-desktop-light.svg'));
    expect(iconLink()).toHaveAttribute('sizes', '48x48');
  });

  it('shows the logo for the theme: mobile by default, desktop from the lg breakpoint', async () => {
    const { container } = renderApp('/', fakeApi().fetch);
    await screen.findByRole('heading', welcomeHeading);
    expect(screen.getByRole('img', { name: 'Wharf' })).toHaveAttribute('src', '/brand/logo-mobile-light.svg');
    const source = container.querySelector('picture source');
    expect(source).toHaveAttribute('media', '(min-width: 1024px)');
    expect(source).toHaveAttribute('srcset', '/brand/logo-desktop-light.svg');
  });

  it('switches to the dark theme and back with an accessible toggle', async () => {
    renderApp('/', fakeApi().fetch);
    await screen.findByRole('heading', welcomeHeading);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('img', { name: 'Wharf' })).toHaveAttribute('src', '/brand/logo-mobile-dark.svg');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('links to the API reference with a full page load', async () => {
    renderApp('/', fakeApi().fetch);
    const link = await screen.findByRole('link', { name: 'API reference' });
    expect(link).toHaveAttribute('href', '/docs');
  });

  it('reports a healthy API', async () => {
    renderApp('/', fakeApi({ health: json(200, healthy) }).fetch);
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
  });

  it('reports a degraded API when health answers 503', async () => {
    const down = { ...healthy, status: 'error', checks: { database: 'error' } };
    renderApp('/', fakeApi({ health: json(503, down) }).fetch);
    expect(await screen.findByText(/Degraded service/)).toBeInTheDocument();
    expect(screen.queryByText('All systems operational')).not.toBeInTheDocument();
  });

  it('reports an API that cannot be reached', async () => {
    const api = fakeApi({
      health: () => {
        throw new TypeError('fetch failed');
      },
    });
    renderApp('/', api.fetch);
    expect(await screen.findByText(/The API cannot be reached right now/)).toBeInTheDocument();
  });
});

describe('not found', () => {
  it.each(['/nope', '/dashboard/nope/deeper'])('shows Not Found for the unknown path %s', async (path) => {
    renderApp(path, fakeApi().fetch);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not Found - Wharf'));
  });

  describe('paths containing install-module', () => {
    // A page that would match these paths, were they not blocked.
    const integration: PageEntry = {
      path: '/integrations/$code',
      staticData: { name: 'integrations.view', title: 'Integration', layout: 'blank', user: false, project: 'never' },
      component: () => <h1>Integration page</h1>,
    };
    const routes = [...routeTable, integration];

    it('renders a matching page for other paths', async () => {
      renderApp('/integrations/shopify', fakeApi().fetch, routes);
      expect(await screen.findByRole('heading', { name: 'Integration page' })).toBeInTheDocument();
    });

    it.each(['/integrations/install-module', '/integrations/x-install-module-y'])('blocks %s', async (path) => {
      renderApp(path, fakeApi().fetch, routes);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Integration page' })).not.toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Not Found - Wharf'));
    });
  });

  it('links back home', async () => {
    const { router } = renderApp('/nope', fakeApi().fetch);
    await userEvent.click(await screen.findByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', welcomeHeading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
