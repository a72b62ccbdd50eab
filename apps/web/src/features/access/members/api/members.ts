import type { WharfClient } from '@wharf/client';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApiClient } from '../../../../app/api-client';
import { enforceKeys } from '../../api/enforce';
import type { ResultOf } from '../../../../app/api-types';
import { projectKeys } from '../../../projects/api/projects';
import { roleKeys, type Role } from '../../roles/api/roles';

export type Member = ResultOf<'listMembers'>['items'][number];

/** Members per page (the server's default; it allows up to 100). */
export const MEMBERS_PAGE_SIZE = 20;

export const memberKeys = {
  all: (project: string) => ['members', project] as const,
  list: (project: string, search: string) => [...memberKeys.all(project), 'list', { search }] as const,
  held: (project: string, user: string) => [...memberKeys.all(project), 'held', user] as const,
  assignable: (project: string, user: string) => [...memberKeys.all(project), 'assignable', user] as const,
};

export function membersQueryOptions(client: WharfClient, project: string, search: string) {
  return infiniteQueryOptions({
    queryKey: memberKeys.list(project, search),
    queryFn: ({ pageParam, signal }) =>
      client.listMembers(
        {
          project,
          pageSize: MEMBERS_PAGE_SIZE,
          ...(pageParam ? { pageToken: pageParam } : {}),
          ...(search ? { search } : {}),
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    // Keyset paging: the server's opaque token of the last row, null on the last page.
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/**
 * `GET /v1/projects/{project}/users` (members.read): the members by email, page by page, filtered by
 * `search` on the server. The previous list stays on screen while a new search loads.
 */
export function useMembersQuery(project: string, search: string) {
  return useInfiniteQuery({
    ...membersQueryOptions(useApiClient(), project, search),
    placeholderData: keepPreviousData,
  });
}

/** `GET /v1/enforcer/users/{user}/roles` (members.read): the roles a member holds, with their ids. */
export function useHeldRoles(project: string, user: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: memberKeys.held(project, user),
    queryFn: ({ signal }): Promise<Role[]> => client.getUserRoles({ project, user }, { signal }),
  });
}

/** `GET /v1/enforcer/users/{user}/roles/assignable` (members.read): the roles the caller may give them. */
export function useAssignableRoles(project: string, user: string | undefined, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: memberKeys.assignable(project, user ?? ''),
    queryFn: ({ signal }): Promise<Role[]> => client.getAssignableRoles({ project, user: user ?? '' }, { signal }),
    enabled: enabled && Boolean(user),
  });
}

/** Everything a change of membership may have changed: lists, role holders and access decisions. */
export function useMembershipChanged(project: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all(project) }),
      queryClient.invalidateQueries({ queryKey: roleKeys.all(project) }),
      queryClient.invalidateQueries({ queryKey: enforceKeys.all }),
    ]);
}

/** `DELETE /v1/projects/{project}/users/{user}` (members.manage; anyone may leave). The last owner stays (409). */
export function useRemoveMember(project: string, selfId: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const changed = useMembershipChanged(project);
  return useMutation({
    mutationFn: (user: string) => client.removeMember({ project, user }),
    onSuccess: async (_, user) => {
      // Leaving a project takes it off one's own list.
      if (user === selfId) await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      await changed();
    },
  });
}
