import { pathOf, routeExists } from '../../app/navigation';
import { redirectTable, routeTable, type RouteStaticData } from '../../app/routes';
import type { MenuEntry } from './menu-store';

const metaByName = new Map<string, RouteStaticData>(
  [...routeTable, ...redirectTable].map((route) => [route.staticData.name, route.staticData]),
);

/** The static data of a named route, if the route exists. */
export function routeMeta(name: string): RouteStaticData | undefined {
  return metaByName.get(name);
}

/**
 * Only entries whose route exists are linked (SPEC.md section 2 names routes of later issues:
 * chat.index, integrations.store, billing.invoices…). A parent whose route is missing goes with its
 * sub-items.
 */
export function existingEntries(entries: MenuEntry[]): MenuEntry[] {
  return entries
    .filter((entry) => linkable(entry.route))
    .map((entry) =>
      entry.children ? { ...entry, children: entry.children.filter((child) => linkable(child.route)) } : entry,
    );
}

/** A menu links a route that exists and needs no path parameters (a menu has none to give). */
function linkable(route: string): boolean {
  if (!routeExists(route)) return false;
  try {
    pathOf(route);
    return true;
  } catch {
    return false;
  }
}

export interface MenuLink {
  to: string;
  search: { project?: string };
}

/**
 * Where an entry goes: its route's path, carrying the active `project` unless the route never takes
 * one (SPEC.md section 2 "Menu links carry the project query").
 */
export function menuLink(route: string, project: string | undefined): MenuLink {
  const carries = project !== undefined && routeMeta(route)?.project !== 'never';
  return { to: pathOf(route), search: carries ? { project } : {} };
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether `path` is `pathname` or one of its ancestors, segment by segment (`/users` of `/users/roles`). */
export function pathMatches(path: string, pathname: string): boolean {
  const want = trimSlash(path);
  const here = trimSlash(pathname);
  return want === '/' ? here === '/' : here === want || here.startsWith(`${want}/`);
}

export interface ActiveEntry {
  id: string;
  /** The top-level entry holding it, when it is a sub-item. */
  parentId?: string;
}

/**
 * SPEC.md section 2: the active item is the one whose path matches the longest part of the current
 * path. On a tie (a parent and its first sub-item on one page) the sub-item wins, so the parent
 * opens on it.
 */
export function activeEntry(entries: MenuEntry[], pathname: string): ActiveEntry | undefined {
  let best: (ActiveEntry & { length: number; depth: number }) | undefined;
  const consider = (route: string, candidate: ActiveEntry, depth: number) => {
    const path = trimSlash(pathOf(route));
    if (!pathMatches(path, pathname)) return;
    if (!best || path.length > best.length || (path.length === best.length && depth > best.depth)) {
      best = { ...candidate, length: path.length, depth };
    }
  };
  for (const entry of entries) {
    consider(entry.route, { id: entry.id }, 0);
    for (const child of entry.children ?? []) consider(child.route, { id: child.id, parentId: entry.id }, 1);
  }
  if (!best) return undefined;
  return best.parentId === undefined ? { id: best.id } : { id: best.id, parentId: best.parentId };
}

/** SPEC.md section 9: the bottom bar shows at most 5 items. */
export const NAV_BAR_MAX_ITEMS = 5;

/** SPEC.md section 2: the bottom bar shows the first 5 entries that have icons, by order. */
export function navBarEntries(entries: MenuEntry[]): MenuEntry[] {
  return [...entries]
    .filter((entry) => entry.icon)
    .sort((a, b) => a.order - b.order)
    .slice(0, NAV_BAR_MAX_ITEMS);
}
