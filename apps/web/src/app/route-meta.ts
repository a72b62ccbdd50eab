import { useRouterState } from '@tanstack/react-router';
import { notFoundPage, rootStaticData, type RouteStaticData } from './routes';

/**
 * The static data of the page on screen: the deepest matched route's, or the Not Found page's
 * when nothing matched (or a guard threw notFound()).
 */
export function useRouteMeta(): RouteStaticData {
  return useRouterState({
    select: (state) => {
      if (state.matches.some((m) => m.status === 'notFound' || m._notFound === true)) return notFoundPage.staticData;
      return state.matches.at(-1)?.staticData ?? rootStaticData;
    },
  });
}
