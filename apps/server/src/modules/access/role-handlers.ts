import type { operations } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { userCards as users } from '../accounts/read-models.js';
import type { NotificationService } from '../notifications/service.js';
import { memberHandlers } from './member-handlers.js';
import { heldByCaller } from './assignable.js';
import { adminRoleHandlers } from './admin-roles.js';
import { customRoleHandlers } from './custom-roles.js';
import { assertMember, findRole, giveRole, takeRole, toRole, visibleIn } from './roles.js';
import { roleAssignments, roles } from './schema.js';
import type { PermissionResolver } from './service.js';

type RoleOperations = Pick<
  typeof operations,
  | 'listRoles'
  | 'getRole'
  | 'listRoleUsers'
  | 'assignRole'
  | 'unassignRole'
  | 'listEnforcerUsers'
  | 'getEnforcerUser'
  | 'getUserRoles'
  | 'getAssignableRoles'
  | 'getUserPermissions'
>;

/**
 * Roles and members in /v1/enforcer: the project's roles and who holds them, plus the project's own
 * roles (custom-roles.ts) and the platform admins' variants (admin-roles.ts).
 */
export function roleHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
  notifications: NotificationService;
}): Handlers<RoleOperations> & ReturnType<typeof customRoleHandlers> & ReturnType<typeof adminRoleHandlers> {
  const { db } = deps;
  // The members list (member-handlers.ts), reached through its handlers rather than copied.
  const members = memberHandlers(deps);

  async function listVisible(projectId: string) {
    return db.select().from(roles).where(visibleIn(projectId)).orderBy(asc(roles.builtIn), asc(roles.name));
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

  const permissionsOf = async (projectId: string, userId: string) =>
    [...(await deps.permissions.heldBy(projectId, userId))].sort();

  return {
    ...customRoleHandlers(deps),
    ...adminRoleHandlers(deps),

    listRoles: async ({ query }) => (await listVisible(query.project)).map(toRole),

    getRole: async ({ params, query }) => toRole(await findRole(db, query.project, params.role)),

    listRoleUsers: async ({ params, query }) => {
      await findRole(db, query.project, params.role);
      return db
        .select({ id: users.id, email: users.email })
        .from(roleAssignments)
        .innerJoin(users, eq(users.id, roleAssignments.userId))
        .where(and(eq(roleAssignments.projectId, query.project), eq(roleAssignments.roleId, params.role)))
        .orderBy(asc(users.email));
    },

    assignRole: async ({ params, query }, request) => {
      const change = { projectId: query.project, userId: params.user, roleId: params.role };
      await giveRole(deps, request, { ...change, caller: request.principal! });
      return undefined;
    },

    unassignRole: async ({ params, query }, request) => {
      const change = { projectId: query.project, userId: params.user, roleId: params.role };
      await takeRole(deps, request, { ...change, caller: request.principal! });
      return undefined;
    },

    listEnforcerUsers: ({ query: { project, ...paging } }, request, reply) =>
      members.listMembers({ params: { project }, query: paging, body: undefined }, request, reply),

    getEnforcerUser: async ({ params, query }, request, reply) => {
      const member = await members.getMember(
        { params: { project: query.project, user: params.user }, query: {}, body: undefined },
        request,
        reply,
      );
      return { ...member, permissions: await permissionsOf(query.project, params.user) };
    },

    getUserRoles: async ({ params, query }) => {
      await assertMember(db, query.project, params.user);
      return rolesOf(query.project, params.user);
    },

    getAssignableRoles: async ({ params, query }, request) => {
      await assertMember(db, query.project, params.user);
      const held = await heldByCaller(deps.permissions, query.project, request.principal!);
      const all = await listVisible(query.project);
      return all.filter((role) => role.permissions.every((p) => held.has(p))).map(toRole);
    },

    getUserPermissions: async ({ params, query }) => {
      await assertMember(db, query.project, params.user);
      return permissionsOf(query.project, params.user);
    },
  };
}
