import { createPathResolver, pathOf, routeExists, type RouteParams } from '../../app/navigation';
import { moduleDefinitions } from '../integrations/modules/definitions';
import type { AppNotification } from './api/types';

/** Where a click on a notification goes. */
export type NotificationDestination =
  /** A route of this console: navigate to it by name, in this tab. */
  | { kind: 'route'; name: string; params: RouteParams; search: Record<string, string>; href: string }
  /** An external link, or a route this tab cannot show: a new tab (rel=noopener). */
  | { kind: 'new-tab'; href: string }
  /** No action: a click only marks it read. */
  | { kind: 'none' };

export interface ActionRoutes {
  exists: (name: string) => boolean;
  pathOf: (name: string, params?: RouteParams) => string;
  /** The path of a route known elsewhere (a module this project has not installed), if any. */
  elsewhere: (name: string, params: RouteParams) => string | undefined;
  /** Where a route nobody knows opens: the notification's project with its panel open. */
  fallback: (projectId: string | null) => string;
}

function withQuery(path: string, search: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}

function moduleRoutePath(name: string, params: RouteParams): string | undefined {
  const routes = moduleDefinitions.flatMap((definition) => definition.routes);
  if (!routes.some((route) => route.staticData.name === name)) return undefined;
  try {
    return createPathResolver(routes)(name, params);
  } catch {
    return undefined;
  }
}

function fallbackPath(projectId: string | null): string {
  if (projectId && routeExists('projects.switch')) {
    return withQuery(pathOf('projects.switch'), { project: projectId, notification: 'true' });
  }
  return withQuery(routeExists('project.dashboard') ? pathOf('project.dashboard') : '/', { notification: 'true' });
}

export const consoleRoutes: ActionRoutes = {
  exists: routeExists,
  pathOf,
  elsewhere: moduleRoutePath,
  fallback: fallbackPath,
};

/**
 * Where a notification's action leads (SPEC.md section 2). A route is navigated to by name with its
 * params and query (a project's notification carries its project unless the query names one). A
 * route name this console resolves to its not-found route — no such route here, or it needs a
 * parameter the action lacks — opens in a new tab: at its path when a module this project has not
 * installed knows it (that tab installs the project's modules), else at projects.switch for the
 * notification's project with its panel open. An external link opens in a new tab.
 */
export function notificationDestination(
  notification: Pick<AppNotification, 'action' | 'projectId'>,
  routes: ActionRoutes = consoleRoutes,
): NotificationDestination {
  const action = notification.action;
  if (action?.link) return { kind: 'new-tab', href: action.link };
  const route = action?.route;
  if (!route) return { kind: 'none' };
  const params = route.params ?? {};
  const search = { ...(notification.projectId ? { project: notification.projectId } : {}), ...route.query };
  if (routes.exists(route.name)) {
    try {
      const path = routes.pathOf(route.name, params);
      return { kind: 'route', name: route.name, params, search, href: withQuery(path, search) };
    } catch {
      // A parameter is missing: the router could only show Not Found.
    }
  }
  const elsewhere = routes.elsewhere(route.name, params);
  return { kind: 'new-tab', href: elsewhere ? withQuery(elsewhere, search) : routes.fallback(notification.projectId) };
}
