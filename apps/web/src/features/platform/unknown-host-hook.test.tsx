import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeTable, type PageEntry } from '../../app/routes';
import { fakeApi, json, platform } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { useUnknownHostRedirect } from './unknown-host';

describe('useUnknownHostRedirect', () => {
  const go = vi.fn();
  function Probe({ dev }: { dev: boolean }) {
    useUnknownHostRedirect(dev, go);
    return <h1>Probe</h1>;
  }
  const routes = (dev: boolean): PageEntry[] => [
    ...routeTable,
    {
      path: '/probe',
      staticData: { name: 'probe', layout: 'blank', user: false, project: 'sometimes' },
      component: () => <Probe dev={dev} />,
    },
  ];

  it("sends the console to the platform's first domain once the platform is known", async () => {
    go.mockClear();
    const api = fakeApi({ platform: json(200, { ...platform, domains: ['console.wharf.example', 'wharf.example'] }) });
    renderApp('/probe', api.fetch, routes(false));
    await screen.findByRole('heading', { name: 'Probe' });
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    const target = new URL(String(go.mock.calls[0]?.[0]));
    expect(target.hostname).toBe('console.wharf.example');
    expect(target.pathname).toBe(window.location.pathname);
  });

  it('stays on a host the platform lists (jsdom runs on localhost)', async () => {
    go.mockClear();
    renderApp('/probe', fakeApi().fetch, routes(false));
    await screen.findByRole('heading', { name: 'Probe' });
    expect(go).not.toHaveBeenCalled();
  });

  it('stays on a loopback host in development', async () => {
    go.mockClear();
    const api = fakeApi({ platform: json(200, { ...platform, domains: ['console.wharf.example'] }) });
    renderApp('/probe', api.fetch, routes(true));
    await screen.findByRole('heading', { name: 'Probe' });
    expect(go).not.toHaveBeenCalled();
  });
});
