import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

export type LayoutName = 'blank' | 'fullscreen' | 'mail' | 'print' | 'standard' | 'tool';

/** What every route declares about itself (SPEC.md section 2; DESIGN.md "Web"). */
export interface RouteStaticData {
  /** The route's name: navigation, menus and notifications refer to routes by it, never by path. */
  name: string;
  /** Shown in the page title: `{title} - {platform name}`. */
  title?: string;
  layout: LayoutName;
  /** A signed-in user is required. */
  user: boolean;
  /** Whether the route needs the `project` search parameter. */
  project: 'always' | 'sometimes' | 'never';
}

declare module '@tanstack/react-router' {
  // Every route must carry its static data; the compiler refuses a route without it.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends RouteStaticData {}
}

export interface PageEntry {
  /** Full path, TanStack Router syntax (`/billing/invoices/$invoiceId`). */
  path: string;
  staticData: RouteStaticData;
  /** Always lazy: every page is its own chunk (DESIGN.md "Web"). */
  component: RouteComponent;
}

/**
 * The route table. Adding a page is one entry here; router.tsx builds the tree from it and
 * navigation.ts resolves names against it. Page files are named like the chunk they become.
 */
export const routeTable = [
  {
    path: '/',
    staticData: { name: 'home', title: 'Welcome', layout: 'blank', user: false, project: 'never' },
    component: lazyRouteComponent(() => import('../pages/welcome/Welcome'), 'WelcomePage'),
  },
] as const satisfies readonly PageEntry[];

export type RouteName = (typeof routeTable)[number]['staticData']['name'];

/** The final catch-all (SPEC.md section 2): unknown paths and any path containing install-module. */
export const notFoundPage = {
  staticData: { name: 'not-found', title: 'Not Found', layout: 'blank', user: false, project: 'never' },
  component: lazyRouteComponent(() => import('../pages/not-found/404'), 'NotFoundPage'),
} as const satisfies Omit<PageEntry, 'path'>;

/** The root route's own data: it only frames the pages, which decide everything else. */
export const rootStaticData: RouteStaticData = { name: 'root', layout: 'blank', user: false, project: 'sometimes' };

/** SPEC.md section 2: paths containing install-module are blocked (they show Not Found). */
export function isBlockedPath(pathname: string): boolean {
  return pathname.includes('install-module');
}
