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
import { sessionQueryOptions } from '../features/accounts/api/session';
import type { TokenStore } from '../features/accounts/token-store';
import { createModuleSync, resolvedNavigation } from '../features/integrations/modules/project-sync';
import {
  createModuleRegistry,
  type ModuleRegistry,
  type ModuleRegistryOptions,
} from '../features/integrations/modules/registry';
import { useUnknownHostRedirect } from '../features/platform/unknown-host';
import { guardProject } from '../features/project-rules/project-guard';
import { createProjectMemory, type ProjectMemory } from '../features/project-rules/project-memory';
import { ProjectRouteError } from '../features/project-rules/ui/ProjectRouteError';
import { CatchAll } from '../pages/not-found/CatchAll';
import { Root } from '../shell/Root';
import { preloadLayout } from './layouts/Layout';
import { LoadingScreen } from '../shell/LoadingScreen';
import { RouteErrorScreen } from '../shell/RouteErrorScreen';
import { pathOf, setRuntimeRoutes } from './navigation';
import { searchString } from './search';
import { isBlockedPath, redirectTable, rootStaticData, routeTable, type PageEntry, type RedirectEntry } from './routes';

/** What the console's services give loaders and guards (app/services.ts). */
export interface RouterContext {
  queryClient: QueryClient;
  client: WharfClient;
  /** The service API's bearer token, minted from the session (features/accounts/token-store.ts). */
  tokens: TokenStore;
}

/** Search parameters every route understands (DESIGN.md "Web"), all text. */
export interface RootSearch {
  /** The active project's id. */
  project?: string;
  /** Where to go after logging in (a same-origin path; features/accounts/redirect.ts checks it). */
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
  /** An AI studio route opens with `evaluating` (SPEC.md section 2, navigation.ts openAiStudio). */
  'stay-open'?: string;
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
  'stay-open',
] as const;

export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const valid: RootSearch = {};
  for (const key of ROOT_SEARCH_KEYS) {
    const value = searchString(search[key]);
    if (value !== undefined) valid[key] = value;
  }
  return valid;
}

/** What the route tree's guards and components get besides the services (createAppRouter adds it). */
export interface AppRouterContext extends RouterContext {
  /** The active project's modules (features/integrations/modules). */
  modules: ModuleRegistry;
  /** The project of the previous navigations (features/project-rules). */
  projectMemory: ProjectMemory;
}

/** The root route's component: the shell, and the move to the platform's own host (SPEC.md section 2). */
function AppRoot() {
  useUnknownHostRedirect();
  return <Root />;
}

function createRouteTree(
  table: readonly PageEntry[],
  redirects: readonly RedirectEntry[],
  gone: readonly PageEntry[] = [],
) {
  const rootRoute = createRootRouteWithContext<AppRouterContext>()({
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
    component: AppRoot,
    errorComponent: RouteErrorScreen,
    // The loading catch-all while the project's modules load, then the final Not Found.
    notFoundComponent: CatchAll,
  });
  const pages = table.map((entry) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: entry.path,
      staticData: entry.staticData,
      component: entry.component,
      // SPEC.md section 2 "Project selection", once the root has checked the user.
      beforeLoad: ({ location, context, preload }) => {
        // The frame and the page's chunk load while the project rules wait for the project list.
        preloadLayout(entry.staticData.layout);
        void entry.component.preload?.();
        return guardProject({
          staticData: entry.staticData,
          location,
          context,
          memory: context.projectMemory,
          preload,
        });
      },
      // 'Project not found' (and any other failure) inside the page's layout.
      errorComponent: ProjectRouteError,
    }),
  );
  const forwards = redirects.map((entry) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: entry.path,
      staticData: entry.staticData,
      beforeLoad: ({ location, params }) => {
        // The target's parameters come from this path's, by name (RedirectEntry).
        const to = pathOf(entry.redirectTo, params as Record<string, string>);
        throw redirect({ href: `${to}${location.searchStr}`, replace: true });
      },
    }),
  );
  // Routes of uninstalled modules: Not Found (see createAppRouter).
  const tombstones = gone.map((entry) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: entry.path,
      staticData: entry.staticData,
      beforeLoad: () => {
        throw notFound();
      },
    }),
  );
  return rootRoute.addChildren([...pages, ...forwards, ...tombstones]);
}

export interface AppRouterOptions {
  context: RouterContext;
  /** Browser history unless given (tests pass a memory history). */
  history?: RouterHistory;
  /** The pages; the route table unless given (tests add pages of their own). */
  routes?: readonly PageEntry[];
  /** The modules the console knows and where their menu entries go (tests bring their own). */
  modules?: ModuleRegistryOptions;
}

function sameRoutes(a: readonly PageEntry[], b: readonly PageEntry[]): boolean {
  return a.length === b.length && a.every((route, i) => route === b[i]);
}

/**
 * Module routes that were installed and no longer are, by path. They stay in the tree as routes
 * that are Not Found: router-core looks up the routes of the matches on screen (and of preloads)
 * by id when the next navigation commits, so a route taken out of the tree while its page shows
 * would break that navigation. A module installed again replaces its placeholder.
 */
function goneRoutes(previous: Map<string, PageEntry>, before: readonly PageEntry[], now: readonly PageEntry[]) {
  const gone = new Map(previous);
  for (const route of before) gone.set(route.path, route);
  for (const route of now) gone.delete(route.path);
  return gone;
}

/**
 * The console's router. Its tree is the route table plus the installed modules' routes: when the
 * registry's routes change, the tree is rebuilt and handed to `router.update`, which re-processes
 * a new `routeTree` (router-core compares it with the one it holds), and `invalidate` re-matches
 * the location, so a module's pages appear and go without a reload.
 */
export function createAppRouter(options: AppRouterOptions) {
  const table = options.routes ?? routeTable;
  const modules = createModuleRegistry(options.modules);
  const projectMemory = createProjectMemory();
  const build = (live: readonly PageEntry[], gone: Map<string, PageEntry>) =>
    createRouteTree([...table, ...live], redirectTable, [...gone.values()]);

  let moduleRoutes = modules.routes();
  let gone = new Map<string, PageEntry>();
  const router = createRouter({
    routeTree: build(moduleRoutes, gone),
    context: { ...options.context, modules, projectMemory },
    ...(options.history ? { history: options.history } : {}),
    // SPEC.md section 2 writes the dashboard as /dashboard/: paths keep the slash they are given.
    trailingSlash: 'preserve',
    defaultPendingComponent: LoadingScreen,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });

  modules.subscribe(() => {
    const next = modules.routes();
    if (sameRoutes(next, moduleRoutes)) return;
    gone = goneRoutes(gone, moduleRoutes, next);
    moduleRoutes = next;
    setRuntimeRoutes(modules, next);
    router.update({ ...router.options, routeTree: build(next, gone) });
    void router.invalidate();
  });

  const sync = createModuleSync({
    modules,
    memory: projectMemory,
    queryClient: options.context.queryClient,
    client: options.context.client,
  });
  router.subscribe('onResolved', () => {
    sync(resolvedNavigation(router.state)).catch((error: unknown) => console.error(error));
  });

  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
