import type { WharfClient } from '@wharf/client';
import type { QueryClient } from '@tanstack/react-query';
import { setSessionUser } from '../features/accounts/api/session';
import { createAppClient } from '../features/accounts/app-client';
import { createTokenStore, type TokenStore } from '../features/accounts/token-store';
import { pathOf } from './navigation';
import { createQueryClient } from './query-client';
import type { AppRouter, RouterContext } from './router';

export interface AppServices {
  queryClient: QueryClient;
  client: WharfClient;
  tokens: TokenStore;
  /** What the router hands loaders and guards. */
  context: RouterContext;
  /** Lets the services navigate (a dead session goes to login) once the router exists. */
  connect: (router: AppRouter) => void;
}

/**
 * The console's long-lived pieces and how they hold together (DESIGN.md "Identity"):
 * - the session is a cookie; `getUser` tells who is signed in (features/accounts/api/session.ts);
 * - the client sends the CSRF header on account writes and a bearer token on service calls;
 * - the token store mints that token from the session and keeps it fresh; when minting answers
 *   401 or 419 the session is over, so the user is cleared and the console goes to login.
 */
export function createServices(options: { fetch?: typeof fetch; queryClient?: QueryClient } = {}): AppServices {
  const queryClient = options.queryClient ?? createQueryClient();
  let router: AppRouter | undefined;

  const tokens: TokenStore = createTokenStore({
    fetchToken: async () => (await client.getToken()).token,
    onUnauthorized: () => {
      setSessionUser(queryClient, null);
      if (!router) return;
      const here = router.state.location;
      const atLogin = here.pathname.replace(/\/$/, '') === pathOf('login');
      void router.navigate({ to: pathOf('login'), ...(atLogin ? {} : { search: { redirect: here.href } }) });
    },
  });
  const client = createAppClient({ ...(options.fetch ? { fetch: options.fetch } : {}), getToken: tokens.getToken });

  return {
    queryClient,
    client,
    tokens,
    context: { queryClient, client, tokens },
    connect: (r) => {
      router = r;
    },
  };
}
