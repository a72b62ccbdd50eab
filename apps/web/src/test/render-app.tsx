import { createClient } from '@wharf/client';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import type { PageEntry } from '../app/routes';

/** The whole console at `path`, over the given fetch (see fake-api.ts). */
export function renderApp(path: string, fetch: typeof globalThis.fetch, routes?: readonly PageEntry[]) {
  const client = createClient({ fetch });
  // No retries: a failure the test sets up shows at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ context: { queryClient, client }, history, ...(routes ? { routes } : {}) });
  const view = render(<App router={router} queryClient={queryClient} client={client} />);
  return { ...view, router, queryClient };
}
