import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../../app/api-client';
import type { Role } from '../../roles/api/roles';
import { isBuiltInRoleKey, type BuiltInRoleKey } from '../../roles/role-labels';
import { useMembershipChanged } from './members';

export type RoleChangeStep =
  /** `PATCH /v1/projects/{project}/users/{user}` (members.manage): the member's built-in roles, in one go. */
  | { kind: 'update'; roles: BuiltInRoleKey[] }
  /** `PUT /v1/enforcer/roles/{role}/users/{user}` (roles.manage). */
  | { kind: 'assign'; role: Role }
  /** `DELETE /v1/enforcer/roles/{role}/users/{user}` (roles.manage). */
  | { kind: 'unassign'; role: Role };

/**
 * The calls that leave a member holding exactly `target`, given the roles they hold now.
 *
 * Between built-in roles it is one `updateMember`: atomic, and the server refuses it whole when it
 * would take the last owner's role. That call only knows built-in role keys (and replaces every
 * role the member holds), so as soon as a custom role is given or taken the change is made role by
 * role, by id, with `assignRole`/`unassignRole`. The owner role is then taken first: it is the one
 * the server may refuse (409, the last owner), and at that point nothing has changed yet. The new
 * role is given before the others are taken, so the member is never left without a role.
 */
export function planRoleChange(held: readonly Role[], target: Role): RoleChangeStep[] {
  const holdsTarget = held.some((r) => r.id === target.id);
  const others = held.filter((r) => r.id !== target.id);
  if (holdsTarget && others.length === 0) return [];
  const builtInOnly = [target, ...held].every((r) => r.builtIn && isBuiltInRoleKey(r.key));
  if (builtInOnly && isBuiltInRoleKey(target.key)) return [{ kind: 'update', roles: [target.key] }];
  const unassign = (role: Role): RoleChangeStep => ({ kind: 'unassign', role });
  return [
    ...others.filter((r) => r.key === 'owner').map(unassign),
    ...(holdsTarget ? [] : [{ kind: 'assign', role: target } as const]),
    ...others.filter((r) => r.key !== 'owner').map(unassign),
  ];
}

/** The permission the plan's calls need: `members.manage` for one update, `roles.manage` role by role. */
export function permissionForPlan(steps: readonly RoleChangeStep[]): 'members.manage' | 'roles.manage' {
  return steps.some((s) => s.kind !== 'update') ? 'roles.manage' : 'members.manage';
}

/** Runs a plan of `planRoleChange`, in order; whatever happened, the member's roles are read again. */
export function useChangeRole(project: string) {
  const client = useApiClient();
  const changed = useMembershipChanged(project);
  return useMutation({
    mutationFn: async ({ user, steps }: { user: string; steps: RoleChangeStep[] }) => {
      for (const step of steps) {
        if (step.kind === 'update')
          await client.updateMember({ project, user, updateUserRequest: { roles: step.roles } });
        else if (step.kind === 'assign') await client.assignRole({ project, user, role: step.role.id });
        else await client.unassignRole({ project, user, role: step.role.id });
      }
    },
    // A plan stopped half-way has still changed something: show what the member holds now.
    onSettled: () => changed(),
  });
}
