import type { WharfClient } from '@wharf/client';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  type RouterHistory,
} from '@tanstack/react-router';
import { Root } from '../shell/Root';
import { LoadingScreen } from '../shell/LoadingScreen';
import { isBlockedPath, notFoundPage, rootStaticData, routeTable, type PageEntry } from './routes';

/** What loaders and guards receive (the project and auth guards of SPEC.md section 2 will use it). */
export interface RouterContext {
  queryClient: QueryClient;
  client: WharfClient;
}

/** Search parameters every route understands (DESIGN.md "Web"). */
export interface RootSearch {
  /** The active project's id. */
  project?: string;
  /** Where to go after logging in. */
  redirect?: string;
}

function searchString(value: unknown): string | undefined {
  // The default search parser reads `?project=12` as a number; ids are strings.
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  const project = searchString(search.project);
  const redirect = searchString(search.redirect);
  return { ...(project ? { project } : {}), ...(redirect ? { redirect } : {}) };
}

function createRouteTree(table: readonly PageEntry[]) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    staticData: rootStaticData,
    validateSearch: validateRootSearch,
    beforeLoad: ({ location }) => {
      if (isBlockedPath(location.pathname)) throw notFound();
    },
    component: Root,
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
  return rootRoute.addChildren(pages);
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
    routeTree: createRouteTree(options.routes ?? routeTable),
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
