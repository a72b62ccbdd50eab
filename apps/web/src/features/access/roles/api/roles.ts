import type { WharfClient } from '@wharf/client';
import { isPermission, type Permission } from '@wharf/contract/permissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../../app/api-client';
import { enforceKeys } from '../../api/enforce';
import type { ResultOf } from '../../../../app/api-types';

export type Role = ResultOf<'listRoles'>[number];
export type PermissionInfo = ResultOf<'listPermissions'>[number];
export type RoleHolder = ResultOf<'listRoleUsers'>[number];

export const roleKeys = {
  all: (project: string) => ['roles', project] as const,
  list: (project: string) => [...roleKeys.all(project), 'list'] as const,
  holders: (project: string, role: string) => [...roleKeys.all(project), 'holders', role] as const,
  /** The catalogue is the same in every project. */
  catalogue: () => ['permissions', 'catalogue'] as const,
};

export function rolesQueryOptions(client: WharfClient, project: string) {
  return queryOptions({
    queryKey: roleKeys.list(project),
    queryFn: ({ signal }): Promise<Role[]> => client.listRoles({ project }, { signal }),
  });
}

/** The catalogue's keys the contract knows; the server would refuse any other (400). */
export function knownPermissions(keys: readonly string[]): Permission[] {
  return keys.filter(isPermission);
}

/** `GET /v1/enforcer/roles` (roles.read): the built-in roles and the project's own. */
export function useRolesQuery(project: string, enabled = true) {
  return useQuery({ ...rolesQueryOptions(useApiClient(), project), enabled });
}

/** `GET /v1/enforcer/permissions`: every permission with what it allows. It changes only with a release. */
export function usePermissionCatalogue() {
  const client = useApiClient();
  return useQuery({
    queryKey: roleKeys.catalogue(),
    queryFn: ({ signal }): Promise<PermissionInfo[]> => client.listPermissions({}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /v1/enforcer/roles/{role}/users` (members.read): who holds a role, to say who loses it. */
export function useRoleHolders(project: string, role: string | undefined, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: roleKeys.holders(project, role ?? ''),
    queryFn: ({ signal }): Promise<RoleHolder[]> => client.listRoleUsers({ project, role: role ?? '' }, { signal }),
    enabled: enabled && Boolean(role),
  });
}

/**
 * After a role changes, what anyone may do may have changed: the roles, the members' role badges
 * and the cached access decisions (the caller's own included) are read again.
 */
function useRoleChanged(project: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all(project) }),
      queryClient.invalidateQueries({ queryKey: ['members', project] }),
      queryClient.invalidateQueries({ queryKey: enforceKeys.all }),
    ]);
}

/** `POST /v1/enforcer/roles` (roles.manage): a custom role, holding only permissions the caller holds. */
export function useCreateRole(project: string) {
  const client = useApiClient();
  const changed = useRoleChanged(project);
  return useMutation({
    mutationFn: (body: { name: string; description: string; permissions: string[] }) =>
      client.createRole({
        project,
        createRoleRequest: { ...body, permissions: knownPermissions(body.permissions) },
      }),
    onSuccess: () => changed(),
  });
}

/** `PATCH /v1/enforcer/roles/{role}` (roles.manage): a custom role's new permissions. */
export function useUpdateRole(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const changed = useRoleChanged(project);
  return useMutation({
    mutationFn: ({ role, permissions }: { role: string; permissions: string[] }) =>
      client.updateRole({ project, role, updateRoleRequest: { permissions: knownPermissions(permissions) } }),
    onSuccess: async (updated) => {
      // The matrix shows the saved column at once; the refetch confirms it.
      queryClient.setQueryData<Role[]>(roleKeys.list(project), (roles) =>
        roles?.map((r) => (r.id === updated.id ? updated : r)),
      );
      await changed();
    },
  });
}

/** `DELETE /v1/enforcer/roles/{role}` (roles.manage): the role goes, and everyone holding it loses it. */
export function useDeleteRole(project: string) {
  const client = useApiClient();
  const changed = useRoleChanged(project);
  return useMutation({
    mutationFn: (role: string) => client.deleteRole({ project, role }),
    onSuccess: () => changed(),
  });
}
