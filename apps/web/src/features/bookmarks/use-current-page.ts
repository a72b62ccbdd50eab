import { useRouterState } from '@tanstack/react-router';
import { BOOKMARK_TITLE_MAX } from '@wharf/contract/shell-constants';
import { useMemo } from 'react';
import { routeExists } from '../../app/navigation';
import { useRouteMeta } from '../../app/route-meta';
import { routeTargetOf, type RouteTarget } from './route-match';

export interface CurrentPage {
  /** The page as a route bookmark would open it. */
  target: RouteTarget;
  /** What a new bookmark of it is called: the page title. */
  title: string;
  /** Only named pages of the route table (not the loading or Not Found screens) can be bookmarked. */
  bookmarkable: boolean;
}

/** The page on screen, for "Bookmark this page": its route's name (static data), params and query. */
export function useCurrentPage(): CurrentPage {
  const meta = useRouteMeta();
  // The match's own object: the same reference while the page stays.
  const params = useRouterState({ select: (state) => state.matches.at(-1)?.params as Record<string, unknown> });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const target = useMemo(() => routeTargetOf(meta.name, params, searchStr), [meta.name, params, searchStr]);
  return {
    target,
    title: (meta.title ?? meta.name).slice(0, BOOKMARK_TITLE_MAX),
    bookmarkable: meta.user && routeExists(meta.name),
  };
}
