import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../../app/api-client';
import type { ResultOf } from '../../../../app/api-types';

export type AuthKey = ResultOf<'listAuthKeys'>[number];
export type CreatedAuthKey = ResultOf<'createAuthKey'>;

export const authKeyKeys = {
  all: (project: string) => ['auth-keys', project] as const,
  list: (project: string) => [...authKeyKeys.all(project), 'list'] as const,
};

/** `GET /v1/projects/{project}/auth` (authkeys.read): the project's live keys, oldest first, never their secrets. */
export function useAuthKeysQuery(project: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: authKeyKeys.list(project),
    queryFn: ({ signal }): Promise<AuthKey[]> => client.listAuthKeys({ project }, { signal }),
  });
}

/**
 * `POST /v1/projects/{project}/auth` (authkeys.manage): a key holding at most what its maker holds.
 * The answer is the only place the secret ever appears; it is not cached anywhere.
 */
export function useCreateAuthKey(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; permissions: string[] }) =>
      client.createAuthKey({ project, createAuthKeyRequest: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeyKeys.all(project) }),
  });
}

/** `DELETE /v1/projects/{project}/auth/{auth}` (authkeys.manage): requests with the key are refused from then on. */
export function useRevokeAuthKey(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => client.revokeAuthKey({ project, auth: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeyKeys.all(project) }),
  });
}
