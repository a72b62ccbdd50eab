import { routeTable } from '../../app/routes';

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
export const searchableRoutes: readonly RouteResult[] = routeTable
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
