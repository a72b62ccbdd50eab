import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { redirectTable, routeTable, type RouteName } from './routes';
import { searchString } from './search';

/** Any name is accepted (menus and notifications carry names as data); known ones autocomplete. */
export type RouteNameInput = RouteName | (string & {});
export type RouteParams = Record<string, string | number>;

/** What name resolution needs of a route. */
export interface NamedRoute {
  path: string;
  staticData: { name: string };
}

/**
 * A name-to-path resolver over a route table (exported for tests with tables of their own), and
 * over the routes added at run time (`runtime`: installed modules' routes), looked up after it.
 */
export function createPathResolver(
  table: readonly NamedRoute[],
  runtime: () => Iterable<NamedRoute> = () => [],
): (name: RouteNameInput, params?: RouteParams) => string {
  const pathsByName = new Map<string, string>();
  for (const { path, staticData } of table) {
    if (pathsByName.has(staticData.name)) throw new Error(`Two routes are named "${staticData.name}".`);
    pathsByName.set(staticData.name, path);
  }
  const lookUp = (name: string): string | undefined => {
    const path = pathsByName.get(name);
    if (path !== undefined) return path;
    for (const route of runtime()) if (route.staticData.name === name) return route.path;
    return undefined;
  };
  return (name, params = {}) => {
    const path = lookUp(name);
    if (path === undefined) {
      const runtimeNames = [...runtime()].map((r) => r.staticData.name);
      const known = [...pathsByName.keys(), ...runtimeNames].join(', ');
      throw new Error(`Unknown route name "${name}". Known names: ${known}.`);
    }
    return path.replace(/\$(\w+)/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`Route "${name}" (${path}) needs the parameter "${key}".`);
      return encodeURIComponent(String(value));
    });
  };
}

const runtimeTables = new Map<object, readonly NamedRoute[]>();

/**
 * The routes `owner` added at run time (the module registry: installed modules' routes), so that
 * pathOf knows their names; an empty list forgets them.
 */
export function setRuntimeRoutes(owner: object, routes: readonly NamedRoute[]): void {
  if (routes.length > 0) runtimeTables.set(owner, routes);
  else runtimeTables.delete(owner);
}

function* runtimeRoutes(): Generator<NamedRoute> {
  for (const routes of runtimeTables.values()) yield* routes;
}

/**
 * The path of a named route, with its `$param` segments filled in: the route table's, else an
 * installed module's. Throws for an unknown name.
 */
export const pathOf = createPathResolver([...routeTable, ...redirectTable], runtimeRoutes);

const routeNames: ReadonlySet<string> = new Set([...routeTable, ...redirectTable].map((r) => r.staticData.name));

/**
 * Whether a route of this name exists: the table's, or an installed module's (they come and go
 * with the project). Menus, notifications and actions name routes of later issues too
 * (chat.index, billing.invoices…); they link only to the ones that exist.
 */
export function routeExists(name: string): boolean {
  if (routeNames.has(name)) return true;
  for (const route of runtimeRoutes()) if (route.staticData.name === name) return true;
  return false;
}

export interface NavigateByNameOptions {
  params?: RouteParams;
  search?: Record<string, unknown>;
  replace?: boolean;
}

/** Navigation by route name: the one way screens move between pages. */
export function useNavigateByName(): (name: RouteNameInput, options?: NavigateByNameOptions) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    (name, options = {}) =>
      navigate({
        to: pathOf(name, options.params),
        ...(options.search ? { search: options.search } : {}),
        ...(options.replace ? { replace: true } : {}),
      }),
    [navigate],
  );
}

/** The query an AI studio route opens with (SPEC.md section 2). */
export const AI_STUDIO_SEARCH = { 'stay-open': 'evaluating' } as const;

/**
 * SPEC.md section 2: AI studio routes are named `{current route name}.ai-studio.{type}`, the type
 * being `photoshoot` when the incoming type is `product`.
 */
export function aiStudioRouteName(currentRouteName: string, type: string): string {
  return `${currentRouteName}.ai-studio.${type === 'product' ? 'photoshoot' : type}`;
}

export interface OpenAiStudioOptions {
  /** The current route's parameters (an AI studio route sits under it); filled by useOpenAiStudio. */
  params?: RouteParams;
  /** Extra query; `stay-open=evaluating` is always added. */
  search?: Record<string, unknown>;
}

/** Opens the AI studio of `type` over the current route, by name, with `stay-open=evaluating`. */
export function openAiStudio(
  navigateByName: ReturnType<typeof useNavigateByName>,
  currentRouteName: string,
  type: string,
  options: OpenAiStudioOptions = {},
): Promise<void> {
  return navigateByName(aiStudioRouteName(currentRouteName, type), {
    ...(options.params ? { params: options.params } : {}),
    search: { ...options.search, ...AI_STUDIO_SEARCH },
  });
}

/**
 * openAiStudio from the page on screen: its route name and parameters, keeping the `project`
 * query (an AI studio route is a module's, so it needs one).
 */
export function useOpenAiStudio(): (type: string, options?: OpenAiStudioOptions) => Promise<void> {
  const navigateByName = useNavigateByName();
  const name = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.name ?? '' });
  // The match's own object: the same reference while the page stays.
  const params = useRouterState({ select: (state) => state.matches.at(-1)?.params as RouteParams | undefined });
  const project = useRouterState({
    select: (state) => searchString((state.location.search as Record<string, unknown>).project),
  });
  return useCallback(
    (type, options = {}) =>
      openAiStudio(navigateByName, name, type, {
        params: { ...params, ...options.params },
        search: { ...(project ? { project } : {}), ...options.search },
      }),
    [navigateByName, name, params, project],
  );
}
