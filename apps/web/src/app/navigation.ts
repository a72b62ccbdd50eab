import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { redirectTable, routeTable, type RouteName } from './routes';

/** Any name is accepted (menus and notifications carry names as data); known ones autocomplete. */
export type RouteNameInput = RouteName | (string & {});
export type RouteParams = Record<string, string | number>;

/** A name-to-path resolver over a route table (exported for tests with tables of their own). */
export function createPathResolver(
  table: readonly { path: string; staticData: { name: string } }[],
): (name: RouteNameInput, params?: RouteParams) => string {
  const pathsByName = new Map<string, string>();
  for (const { path, staticData } of table) {
    if (pathsByName.has(staticData.name)) throw new Error(`Two routes are named "${staticData.name}".`);
    pathsByName.set(staticData.name, path);
  }
  return (name, params = {}) => {
    const path = pathsByName.get(name);
    if (path === undefined) {
      throw new Error(`Unknown route name "${name}". Known names: ${[...pathsByName.keys()].join(', ')}.`);
    }
    return path.replace(/\$(\w+)/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`Route "${name}" (${path}) needs the parameter "${key}".`);
      return encodeURIComponent(String(value));
    });
  };
}

/** The path of a named route, with its `$param` segments filled in. Throws for an unknown name. */
export const pathOf = createPathResolver([...routeTable, ...redirectTable]);

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
