import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import type { PageEntry } from '../app/routes';
import { createServices } from '../app/services';

export interface RenderAppOptions {
  /** Inside <StrictMode>, as main.tsx renders it: effects run twice on mount. */
  strict?: boolean;
}

/** The whole console at `path`, over the given fetch (see fake-api.ts). */
export function renderApp(
  path: string,
  fetch: typeof globalThis.fetch,
  routes?: readonly PageEntry[],
  options: RenderAppOptions = {},
) {
  // No retries: a failure the test sets up shows at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const services = createServices({ fetch, queryClient });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ context: services.context, history, ...(routes ? { routes } : {}) });
  services.connect(router);
  const app = <App router={router} queryClient={queryClient} client={services.client} />;
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient, tokens: services.tokens, client: services.client };
}
