import { isPermission, permissionCatalogue, permissions, type operations, type Permission } from '@wharf/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { builtInRole } from './built-in-roles.js';
import { giveRole, normalised, roleNotFound, takeRole, toRole, type RoleRow } from './roles.js';
import { roles } from './schema.js';
import type { PermissionResolver } from './service.js';

type AdminRoleOperations = Pick<
  typeof operations,
  | 'listRolesAdmin'
  | 'getRoleAdmin'
  | 'updateRoleAdmin'
  | 'assignRoleAdmin'
  | 'unassignRoleAdmin'
  | 'listPermissionsAdmin'
  | 'getPermissionAdmin'
  | 'updatePermissionAdmin'
>;

const OWNER_ID = builtInRole('owner').id;

/** Whoever holds the owner role can do everything; a project could otherwise lose the right to fix itself. */
const ownerKeepsAll = (lost: readonly string[]) =>
  new AppError(409, 'OWNER_KEEPS_ALL', `The owner role keeps every permission; it cannot lose ${lost.join(', ')}.`);

function permissionOf(key: string): Permission {
  if (!isPermission(key)) throw notFound(`No permission ${key}`, 'PERMISSION_NOT_FOUND');
  return key;
}

const withGrantingRoles = (permission: Permission, builtIns: RoleRow[]) => ({
  key: permission,
  description: permissionCatalogue[permission],
  roles: builtIns.filter((r) => r.permissions.includes(permission)).map((r) => r.key),
});

/**
 * Platform admins: the built-in roles every project shares, and roles in any project. A change to a
 * built-in role reaches every project, so it drops every cached decision.
 */
export function adminRoleHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
}): Handlers<AdminRoleOperations> {
  const { db } = deps;

  // Fixed ids in the order of built-in-roles.ts: owner, admin, member, finance, viewer.
  const builtIns = (executor: Executor = db) =>
    executor.select().from(roles).where(isNull(roles.projectId)).orderBy(asc(roles.id));

  async function findBuiltIn(roleId: string) {
    const [row] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, roleId), isNull(roles.projectId)));
    if (!row) throw roleNotFound();
    return row;
  }

  return {
    listRolesAdmin: async () => (await builtIns()).map(toRole),

    getRoleAdmin: async ({ params }) => toRole(await findBuiltIn(params.role)),

    updateRoleAdmin: async ({ params, body }, request) => {
      const role = await findBuiltIn(params.role);
      const granted = body.permissions && normalised(body.permissions);
      if (granted && role.id === OWNER_ID && granted.length < permissions.length) {
        throw ownerKeepsAll(permissions.filter((p) => !granted.includes(p)));
      }
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(roles)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(granted ? { permissions: granted } : {}),
            updatedAt: sql`now()`,
            customisedAt: sql`now()`,
          })
          .where(eq(roles.id, role.id))
          .returning();
        await recordAudit(tx, request, {
          target: `role:${role.id}`,
          details: {
            change: 'update',
            key: role.key,
            ...(body.name !== undefined ? { name: { from: role.name, to: body.name } } : {}),
            ...(granted ? { permissions: { from: role.permissions, to: granted } } : {}),
          },
        });
        return row!;
      });
      deps.permissions.invalidateAll();
      return toRole(updated);
    },

    assignRoleAdmin: async ({ params, query }, request) => {
      await giveRole(deps, request, {
        projectId: query.project,
        userId: params.user,
        roleId: params.role,
        caller: null,
      });
      return undefined;
    },

    unassignRoleAdmin: async ({ params, query }, request) => {
      await takeRole(deps, request, {
        projectId: query.project,
        userId: params.user,
        roleId: params.role,
        caller: null,
      });
      return undefined;
    },

    listPermissionsAdmin: async () => {
      const rows = await builtIns();
      return permissions.map((p) => withGrantingRoles(p, rows));
    },

    getPermissionAdmin: async ({ params }) => withGrantingRoles(permissionOf(params.permission), await builtIns()),

    updatePermissionAdmin: async ({ params, body }, request) => {
      const permission = permissionOf(params.permission);
      const wanted = new Set<string>(body.roles);
      if (!wanted.has('owner')) throw ownerKeepsAll([permission]);
      const rows = await db.transaction(async (tx) => {
        // Locked: each role's array is read, changed and written back whole.
        const current = await builtIns(tx).for('update');
        const added: string[] = [];
        const removed: string[] = [];
        for (const role of current) {
          const grants = role.permissions.includes(permission);
          if (grants === wanted.has(role.key)) continue;
          role.permissions = grants
            ? role.permissions.filter((p) => p !== permission)
            : normalised([...role.permissions, permission]);
          (grants ? removed : added).push(role.key);
          await tx
            .update(roles)
            .set({ permissions: role.permissions, updatedAt: sql`now()`, customisedAt: sql`now()` })
            .where(eq(roles.id, role.id));
        }
        await recordAudit(tx, request, { target: `permission:${permission}`, details: { added, removed } });
        return current;
      });
      deps.permissions.invalidateAll();
      return withGrantingRoles(permission, rows);
    },
  };
}
