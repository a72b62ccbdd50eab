import type { Bookmark, RouteRef } from '@wharf/contract';

/** A route as a bookmark holds it: name, parameters and query, all text. */
export interface RouteTarget {
  name: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

type Loose = { name: string; params?: Record<string, string> | undefined; query?: Record<string, string> | undefined };

/** Same keys with the same values, in whatever order they were written. */
export function sameEntries(a: Record<string, string> = {}, b: Record<string, string> = {}): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/** SPEC.md section 5: a route bookmark matches by name, params and query (missing ones are empty). */
export function sameRoute(a: Loose, b: Loose): boolean {
  return a.name === b.name && sameEntries(a.params, b.params) && sameEntries(a.query, b.query);
}

/** The bookmark of `target`, if one of `bookmarks` opens it. */
export function findRouteBookmark(bookmarks: readonly Bookmark[], target: Loose): Bookmark | undefined {
  return bookmarks.find((bookmark) => bookmark.data.route !== undefined && sameRoute(bookmark.data.route, target));
}

/**
 * The query the bookmarks keep: every parameter of the address but `project`. Bookmarks belong
 * to one project, so its id would only repeat itself; the link adds the current one back.
 */
export const IMPLIED_QUERY = ['project'] as const;

/**
 * The page on screen as a bookmark's route: its name, its path parameters as text, and the query
 * exactly as the address writes it (`searchStr`, e.g. `?tab=open&page=2`), without `project`.
 */
export function routeTargetOf(
  name: string,
  params: Readonly<Record<string, unknown>> | undefined,
  searchStr: string,
): RouteTarget {
  const textParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    textParams[key] = typeof value === 'string' ? value : String(value as string | number | boolean);
  }
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    if ((IMPLIED_QUERY as readonly string[]).includes(key)) continue;
    query[key] = value;
  }
  return { name, params: textParams, query };
}

/** The query of a route bookmark as an address's query string (`?tab=open`), with the project. */
export function searchStringOf(route: Pick<RouteRef, 'query'>, project: string | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(route.query ?? {})) {
    if (!(IMPLIED_QUERY as readonly string[]).includes(key)) search.set(key, value);
  }
  if (project) search.set('project', project);
  const text = search.toString();
  return text ? `?${text}` : '';
}
