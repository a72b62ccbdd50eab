import type { WharfClient } from '@wharf/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ApiClientContext } from './api-client';
import type { AppRouter } from './router';

/** The providers every screen relies on, around the router. main.tsx and the tests render this. */
export function App({
  router,
  queryClient,
  client,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  client: WharfClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={client}>
        <RouterProvider router={router} />
      </ApiClientContext>
    </QueryClientProvider>
  );
}
