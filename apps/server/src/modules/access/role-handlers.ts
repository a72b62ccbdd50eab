import type { operations } from '@wharf/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { users } from '../accounts/schema.js';
import { projectMembers } from '../projects/schema.js';
import { assertAssignable } from './assignable.js';
import { builtInRole } from './built-in-roles.js';
import { roleAssignments, roles } from './schema.js';
import { memberNotFound, ownerCount, type PermissionResolver } from './service.js';

type RoleOperations = Pick<
  typeof operations,
  | 'listRoles'
  | 'getRole'
  | 'listRoleUsers'
  | 'assignRole'
  | 'unassignRole'
  | 'getUserRoles'
  | 'getAssignableRoles'
  | 'getUserPermissions'
>;
type RoleRow = typeof roles.$inferSelect;

const toRole = (row: RoleRow) => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  builtIn: row.builtIn,
});

const roleNotFound = () => new AppError(404, 'ROLE_NOT_FOUND', 'Role not found');

export function roleHandlers(deps: { db: Database; permissions: PermissionResolver }): Handlers<RoleOperations> {
  const { db } = deps;

  /** The built-in roles and the project's own; another project's roles do not exist here. */
  const visible = (projectId: string) => or(isNull(roles.projectId), eq(roles.projectId, projectId));

  async function listVisible(projectId: string) {
    return db.select().from(roles).where(visible(projectId)).orderBy(asc(roles.builtIn), asc(roles.name));
  }

  async function findRole(projectId: string, roleId: string) {
    const [row] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, roleId), visible(projectId)));
    if (!row) throw roleNotFound();
    return row;
  }

  async function assertMember(projectId: string, userId: string) {
    const [member] = await db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    if (!member) throw memberNotFound();
  }

  async function rolesOf(projectId: string, userId: string) {
    const rows = await db
      .select({ role: roles })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
      .where(and(eq(roleAssignments.projectId, projectId), eq(roleAssignments.userId, userId)))
      .orderBy(asc(roles.name));
    return rows.map((r) => toRole(r.role));
  }

  return {
    listRoles: async ({ query }) => (await listVisible(query.project)).map(toRole),

    getRole: async ({ params, query }) => toRole(await findRole(query.project, params.role)),

    listRoleUsers: async ({ params, query }) => {
      await findRole(query.project, params.role);
      return db
        .select({ id: users.id, email: users.email })
        .from(roleAssignments)
        .innerJoin(users, eq(users.id, roleAssignments.userId))
        .where(and(eq(roleAssignments.projectId, query.project), eq(roleAssignments.roleId, params.role)))
        .orderBy(asc(users.email));
    },

    assignRole: async ({ params, query }, request) => {
      const role = await findRole(query.project, params.role);
      await assertMember(query.project, params.user);
      await assertAssignable(deps.permissions, query.project, request.principal!.userId, role.permissions);
      await db.transaction(async (tx) => {
        await tx
          .insert(roleAssignments)
          .values({ projectId: query.project, userId: params.user, roleId: role.id })
          .onConflictDoNothing();
        await recordAudit(tx, request, {
          target: `user:${params.user}`,
          details: { role: role.key, change: 'assign' },
        });
      });
      deps.permissions.invalidateProject(query.project);
      return undefined;
    },

    unassignRole: async ({ params, query }, request) => {
      const role = await findRole(query.project, params.role);
      await assertAssignable(deps.permissions, query.project, request.principal!.userId, role.permissions);
      await db.transaction(async (tx) => {
        if (role.id === builtInRole('owner').id && (await ownerCount(tx, query.project)) <= 1) {
          throw new AppError(409, 'LAST_OWNER', 'A project needs at least one owner. Make someone else owner first.');
        }
        const removed = await tx
          .delete(roleAssignments)
          .where(
            and(
              eq(roleAssignments.projectId, query.project),
              eq(roleAssignments.userId, params.user),
              eq(roleAssignments.roleId, role.id),
            ),
          )
          .returning({ userId: roleAssignments.userId });
        if (removed.length === 0) throw new AppError(404, 'ROLE_NOT_HELD', 'That member does not hold this role.');
        await recordAudit(tx, request, {
          target: `user:${params.user}`,
          details: { role: role.key, change: 'unassign' },
        });
      });
      deps.permissions.invalidateProject(query.project);
      return undefined;
    },

    getUserRoles: async ({ params, query }) => {
      await assertMember(query.project, params.user);
      return rolesOf(query.project, params.user);
    },

    getAssignableRoles: async ({ params, query }, request) => {
      await assertMember(query.project, params.user);
      const held = await deps.permissions.heldBy(query.project, request.principal!.userId);
      const all = await listVisible(query.project);
      return all.filter((role) => role.permissions.every((p) => held.has(p))).map(toRole);
    },

    getUserPermissions: async ({ params, query }) => {
      await assertMember(query.project, params.user);
      return [...(await deps.permissions.heldBy(query.project, params.user))].sort();
    },
  };
}
