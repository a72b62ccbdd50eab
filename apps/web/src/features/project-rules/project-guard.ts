import { ApiError, type WharfClient } from '@wharf/client';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import type { RouteStaticData } from '../../app/routes';
import { setSessionUser } from '../accounts/api/session';
import { projectKeys, projectsQueryOptions } from '../projects/api/projects';
import type { ProjectMemory } from './project-memory';
import { hrefOf, isProjectNotFound, projectRule } from './project-rules';

export interface ProjectGuardInput {
  staticData: Pick<RouteStaticData, 'name' | 'project' | 'integration'>;
  location: Pick<ParsedLocation, 'pathname' | 'search' | 'href'>;
  context: { queryClient: QueryClient; client: WharfClient };
  memory: ProjectMemory;
  preload: boolean;
}

/** The user's projects for the rules: the cached list, or a fresh one. */
function projectsLoader(queryClient: QueryClient, client: WharfClient) {
  const options = projectsQueryOptions(client);
  return ({ fresh }: { fresh: boolean }) =>
    fresh ? queryClient.fetchQuery({ ...options, staleTime: 0 }) : queryClient.ensureQueryData(options);
}

/**
 * A page route's `beforeLoad` (app/router.tsx): SPEC.md section 2 "Project selection" through
 * project-rules.ts, as router redirects (always replacing: the page asked for is not kept in
 * history). When the list of projects is needed and refused, SPEC.md section 8 applies as it does
 * for useProjectsQuery: 401 is signed out (to login, back here after), 403 is two-factor set-up.
 */
export async function guardProject({ staticData, location, context, memory, preload }: ProjectGuardInput) {
  const { queryClient, client } = context;
  let target;
  try {
    target = await projectRule({
      staticData,
      pathname: location.pathname,
      search: location.search as Record<string, unknown>,
      previousProject: memory.current,
      loadProjects: projectsLoader(queryClient, client),
    });
  } catch (error) {
    if (isProjectNotFound(error)) {
      // SPEC.md section 8: project-missing errors are logged.
      if (!preload) console.warn(`${error.message}: ${location.href} needs a project and the user has none.`);
      throw error;
    }
    if (error instanceof ApiError && error.status === 401) {
      setSessionUser(queryClient, null);
      throw redirect({ to: pathOf('login'), search: { redirect: location.href }, replace: true });
    }
    if (error instanceof ApiError && error.status === 403) {
      queryClient.removeQueries({ queryKey: projectKeys.list() });
      throw redirect({ to: pathOf('account.settings.2fa'), replace: true });
    }
    throw error;
  }
  if (target) throw redirect({ href: hrefOf(target), replace: true });
}
