import { ApiError, type WharfClient } from '@wharf/client';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useApiClient } from '../../../app/api-client';
import { pathOf, useNavigateByName } from '../../../app/navigation';
import { setSessionUser } from '../../accounts/api/session';
import type { ResultOf } from '../../../app/api-types';

export type Project = ResultOf<'listProjects'>[number];
export type Organisation = ResultOf<'listOrganisations'>[number];

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  organisations: () => ['organisations'] as const,
};

export function projectsQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }): Promise<Project[]> => client.listProjects({}, { signal }),
  });
}

export function organisationsQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: projectKeys.organisations(),
    queryFn: ({ signal }): Promise<Organisation[]> => client.listOrganisations({}, { signal }),
  });
}

/**
 * SPEC.md section 8, loading projects or organisations: a 401 means signed out (lists cleared); a
 * 403 means the platform or an organisation requires two-factor authentication (lists cleared, and
 * the console goes to account.settings.2fa). Anything else is the page's to show.
 */
function useListRefusals(error: unknown) {
  const queryClient = useQueryClient();
  const navigate = useNavigateByName();
  const router = useRouter();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) {
      setSessionUser(queryClient, null);
      // Emptied, not removed: a removed list still on screen is fetched again at once, refused
      // again, removed again, without end.
      emptyLists(queryClient);
      // As when the session's token is refused (app/services.ts): log in, then come back here. Both
      // lists are refused together; the second refusal finds the console on its way to login already.
      const here = router.latestLocation;
      if (here.pathname.replace(/\/$/, '') !== pathOf('login'))
        void navigate('login', { search: { redirect: here.href }, replace: true });
    } else if (error.status === 403) {
      clearLists(queryClient);
      void navigate('account.settings.2fa', { replace: true });
    }
  }, [error, queryClient, navigate, router]);
}

function emptyLists(queryClient: QueryClient) {
  queryClient.setQueryData<Project[]>(projectKeys.list(), []);
  queryClient.setQueryData<Organisation[]>(projectKeys.organisations(), []);
}

function clearLists(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: projectKeys.list() });
  queryClient.removeQueries({ queryKey: projectKeys.organisations() });
}

/** `GET /v1/projects`: the projects the user belongs to. */
export function useProjectsQuery() {
  const query = useQuery(projectsQueryOptions(useApiClient()));
  useListRefusals(query.error);
  return query;
}

/** `GET /v1/organisations`: the organisations the user belongs to. */
export function useOrganisationsQuery() {
  const query = useQuery(organisationsQueryOptions(useApiClient()));
  useListRefusals(query.error);
  return query;
}
