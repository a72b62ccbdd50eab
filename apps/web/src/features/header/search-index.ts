import { routeTable, type PageEntry } from '../../app/routes';

/** A page the header search can open. */
export interface RouteResult {
  name: string;
  title: string;
  path: string;
  /** Whether the page works inside a project (its link carries the active one). */
  takesProject: boolean;
}

/** Routes the search never offers: they do nothing by themselves (switching needs a project). */
const UNSEARCHABLE = new Set(['projects.switch']);

/**
 * SPEC.md section 2: the header search offers the named routes without parameters. Only the
 * console's own pages (a signed-in user's): the sign-in and password pages mean nothing to someone
 * already signed in.
 */
export function toSearchable(routes: readonly PageEntry[]): RouteResult[] {
  return routes
    .filter(
      (route) =>
        !route.path.includes('$') &&
        route.staticData.user &&
        'title' in route.staticData &&
        !UNSEARCHABLE.has(route.staticData.name),
    )
    .map((route) => ({
      name: route.staticData.name,
      title: (route.staticData as { title?: string }).title ?? route.staticData.name,
      path: route.path,
      takesProject: route.staticData.project !== 'never',
    }));
}

/** The console's own pages; the installed modules' pages are added to these as they install (`withModules`). */
export const searchableRoutes: readonly RouteResult[] = toSearchable(routeTable);

/**
 * The console's pages and the installed modules' pages (the registry's routes: a module's settings
 * page and any pages of its own, as its menu entries open them), so "orders" finds Orders once the
 * module is installed, and nothing once it is gone.
 */
export function withModules(moduleRoutes: readonly PageEntry[]): readonly RouteResult[] {
  return moduleRoutes.length === 0 ? searchableRoutes : [...searchableRoutes, ...toSearchable(moduleRoutes)];
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[-_.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The routes whose title or name holds every word of the query (`invites` finds Invites). */
export function searchRoutes(query: string, routes: readonly RouteResult[] = searchableRoutes): RouteResult[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return routes.filter((route) => {
    const haystack = `${normalise(route.title)} ${normalise(route.name)}`;
    return words.every((word) => haystack.includes(word));
  });
}

/** A tutorial's page: the support tutorials path plus the slug (SPEC.md section 2). */
export { blogPath as tutorialPath } from '../blog/paths';
