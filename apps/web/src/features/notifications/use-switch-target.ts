import { useRouterState } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../app/navigation';
import { useRouteMeta } from '../../app/route-meta';

/**
 * Where a switch to another project continues (as the account menu's project links do): the page on
 * screen when it works inside a project, without its old project; else the dashboard.
 */
export function useSwitchTarget(): string | undefined {
  const meta = useRouteMeta();
  const location = useRouterState({ select: (state) => state.location });
  if (meta.project === 'never') return routeExists('project.dashboard') ? pathOf('project.dashboard') : undefined;
  const params = new URLSearchParams(location.searchStr);
  params.delete('project');
  params.delete('notification');
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}
