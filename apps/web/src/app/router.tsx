import type { WharfClient } from '@wharf/client';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/auth/api/session';
import type { TokenStore } from '../features/auth/token-store';
import { Root } from '../shell/Root';
import { LoadingScreen } from '../shell/LoadingScreen';
import { RouteErrorScreen } from '../shell/RouteErrorScreen';
import { pathOf } from './navigation';
import { searchString } from './search';
import {
  isBlockedPath,
  notFoundPage,
  redirectTable,
  rootStaticData,
  routeTable,
  type PageEntry,
  type RedirectEntry,
} from './routes';

/** What loaders and guards receive (the project guard of SPEC.md section 2 will use it too). */
export interface RouterContext {
  queryClient: QueryClient;
  client: WharfClient;
  /** The service API's bearer token, minted from the session (features/auth/token-store.ts). */
  tokens: TokenStore;
}

/** Search parameters every route understands (DESIGN.md "Web"), all text. */
export interface RootSearch {
  /** The active project's id. */
  project?: string;
  /** Where to go after logging in (a same-origin path; features/auth/redirect.ts checks it). */
  redirect?: string;
  /** The account pages' prefilled email (login, register, forgotten, reset and set password). */
  email?: string;
  /** The mailed links' token (reset-password, set-password, verify-email). */
  token?: string;
  /** A message another page leaves for the login page (`password-reset`). */
  notice?: string;
  /** The code a device shows (RFC 8628 `verification_uri_complete` opens /device with it). */
  user_code?: string;
  /** projects.switch: where to continue once the project is switched (a same-origin path). */
  redirect_uri?: string;
  /** `true` opens the notifications panel (SPEC.md section 2), which then removes it. */
  notification?: string;
}

const ROOT_SEARCH_KEYS = [
  'project',
  'redirect',
  'email',
  'token',
  'notice',
  'user_code',
  'redirect_uri',
  'notification',
] as const;

export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const valid: RootSearch = {};
  for (const key of ROOT_SEARCH_KEYS) {
    const value = searchString(search[key]);
    if (value !== undefined) valid[key] = value;
  }
  return valid;
}

function createRouteTree(table: readonly PageEntry[], redirects: readonly RedirectEntry[]) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    staticData: rootStaticData,
    validateSearch: validateRootSearch,
    beforeLoad: async ({ location, matches, context }) => {
      if (isBlockedPath(location.pathname)) throw notFound();
      // SPEC.md section 4: the user is fetched on start-up, whatever the page.
      const session = sessionQueryOptions(context.client);
      if (!matches.some((match) => match.staticData.user)) {
        void context.queryClient.prefetchQuery(session);
        return;
      }
      // SPEC.md section 2: a signed-out visitor goes to login, and comes back to the full path after.
      const user = await context.queryClient.ensureQueryData(session);
      if (!user) throw redirect({ to: pathOf('login'), search: { redirect: location.href } });
    },
    component: Root,
    errorComponent: RouteErrorScreen,
    notFoundComponent: notFoundPage.component,
  });
  const pages = table.map((entry) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: entry.path,
      staticData: entry.staticData,
      component: entry.component,
    }),
  );
  const forwards = redirects.map((entry) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: entry.path,
      staticData: entry.staticData,
      beforeLoad: ({ location }) => {
        throw redirect({ href: `${pathOf(entry.redirectTo)}${location.searchStr}`, replace: true });
      },
    }),
  );
  return rootRoute.addChildren([...pages, ...forwards]);
}

export interface AppRouterOptions {
  context: RouterContext;
  /** Browser history unless given (tests pass a memory history). */
  history?: RouterHistory;
  /** The pages; the route table unless given (tests add pages of their own). */
  routes?: readonly PageEntry[];
}

export function createAppRouter(options: AppRouterOptions) {
  return createRouter({
    routeTree: createRouteTree(options.routes ?? routeTable, redirectTable),
    context: options.context,
    ...(options.history ? { history: options.history } : {}),
    defaultPendingComponent: LoadingScreen,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
