import type { WharfClient } from '@wharf/client';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useApiClient } from '../../../../app/api-client';
import type { ResultOf } from '../../../../app/api-types';

export type Invite = ResultOf<'listInvites'>['items'][number];

/** Invitations per page (the server's default; it allows up to 100). */
export const INVITES_PAGE_SIZE = 20;

export const inviteKeys = {
  all: (project: string) => ['invites', project] as const,
  list: (project: string, search: string) => [...inviteKeys.all(project), 'list', { search }] as const,
};

export function invitesQueryOptions(client: WharfClient, project: string, search: string) {
  return infiniteQueryOptions({
    queryKey: inviteKeys.list(project, search),
    queryFn: ({ pageParam, signal }) =>
      client.listInvites(
        {
          project,
          pageSize: INVITES_PAGE_SIZE,
          ...(pageParam ? { pageToken: pageParam } : {}),
          ...(search ? { search } : {}),
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/** `GET /v1/projects/{project}/invites` (invites.read): newest first, filtered by email on the server. */
export function useInvitesQuery(project: string, search: string) {
  return useInfiniteQuery({
    ...invitesQueryOptions(useApiClient(), project, search),
    placeholderData: keepPreviousData,
  });
}

export interface InviteInput {
  email: string;
  /** A role key: built-in (`member`) or the project's own (`custom:ops-support`). */
  role: string;
}

/**
 * `POST /v1/projects/{project}/invites` (invites.manage): mails an invitation link. The server
 * revokes any earlier pending invitation to the same address in the same transaction.
 */
export function useCreateInvite(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => client.createInvite({ project, createInviteRequest: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(project) }),
  });
}

/**
 * Resending is revoking the old invitation and creating a new one for the same address and role:
 * a new link (the old one stops working) and a fresh expiry. It is one `createInvite`, because the
 * server revokes the earlier pending invitation in the same transaction as it creates the new one;
 * a separate revoke first would leave the person with no invitation at all if the create then
 * failed (and would be refused for an invitation that already expired).
 */
export function useResendInvite(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: Invite) =>
      client.createInvite({
        project,
        createInviteRequest: { email: invite.email, role: invite.role },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(project) }),
  });
}

/** `DELETE /v1/projects/{project}/invites/{invite}` (invites.manage): the link stops working at once. */
export function useRevokeInvite(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: string) => client.revokeInvite({ project, invite }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all(project) }),
  });
}
