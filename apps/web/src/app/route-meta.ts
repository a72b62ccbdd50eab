import { useRouterState, type AnyRouteMatch } from '@tanstack/react-router';
import { useModulesReady } from '../features/integrations/modules/use-modules';
import { isBlockedPath, loadingPage, notFoundPage, rootStaticData, type RouteStaticData } from './routes';

/** Whether nothing matched the location (or a guard threw notFound()). */
export function isNotFoundMatch(matches: readonly Pick<AnyRouteMatch, 'status' | '_notFound'>[]): boolean {
  return matches.some((m) => m.status === 'notFound' || m._notFound === true);
}

/**
 * The static data of the page on screen: the deepest matched route's; when nothing matched, the
 * loading catch-all's while the project's modules load (one of them may claim the path), then the
 * Not Found page's (at once for a blocked path).
 */
export function useRouteMeta(): RouteStaticData {
  const ready = useModulesReady();
  return useRouterState({
    select: (state) => {
      if (isNotFoundMatch(state.matches)) {
        return ready || isBlockedPath(state.location.pathname) ? notFoundPage.staticData : loadingPage.staticData;
      }
      return state.matches.at(-1)?.staticData ?? rootStaticData;
    },
  });
}
