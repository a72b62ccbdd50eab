import type { operations } from '@wharf/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { notHeldBy } from './assignable.js';
import { findRole, normalised, roleNotFound, toRole } from './roles.js';
import { invites, roleAssignments, roles } from './schema.js';
import type { PermissionResolver } from './service.js';
import { isUniqueViolation } from '../../core/db/errors.js';

type CustomRoleOperations = Pick<typeof operations, 'createRole' | 'updateRole' | 'deleteRole'>;

/** `Ops & Support` → `ops-support`: letters of any script and digits, accents dropped. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A custom role's key follows its name, so the unique (project, key) index is what keeps names
 * unique per project, race-free; the prefix keeps it apart from the built-in keys.
 */
const customKey = (name: string) => `custom:${slugOf(name)}`;

const roleExists = (name: string) =>
  new AppError(409, 'ROLE_EXISTS', `A role named "${name}" already exists in this project. Choose another name.`);

const builtInRoleLocked = () =>
  new AppError(
    409,
    'ROLE_BUILT_IN',
    'Built-in roles cannot be changed or deleted in a project. Create a custom role instead.',
  );

export function customRoleHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
}): Handlers<CustomRoleOperations> {
  const { db } = deps;

  /** Nobody shapes a role beyond what they hold: not its new permissions, nor those it had. */
  async function assertCallerHolds(request: FastifyRequest, projectId: string, wanted: readonly string[]) {
    const missing = await notHeldBy(deps.permissions, projectId, request.principal!, wanted);
    if (missing.length > 0) {
      throw new AppError(
        403,
        'PERMISSION_NOT_HELD',
        `You can only shape roles with permissions you hold yourself; you do not hold ${missing.join(', ')}.`,
      );
    }
  }

  /** Built-in names are taken too (in their current wording); custom names are guarded by the key index. */
  async function assertNameFree(tx: Executor, name: string) {
    const builtIns = await tx.select({ name: roles.name }).from(roles).where(isNull(roles.projectId));
    if (builtIns.some((r) => slugOf(r.name) === slugOf(name))) throw roleExists(name);
  }

  /** Runs a write that may hit the (project, key) index, answering a clash as ROLE_EXISTS. */
  async function naming<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw isUniqueViolation(error) ? roleExists(name) : error;
    }
  }

  /** A custom role of the project: built-ins are refused, other projects' roles do not exist. */
  async function findCustomRole(projectId: string, roleId: string) {
    const role = await findRole(db, projectId, roleId);
    if (role.builtIn) throw builtInRoleLocked();
    return role;
  }

  return {
    createRole: async ({ query, body }, request) => {
      const granted = normalised(body.permissions);
      await assertCallerHolds(request, query.project, granted);
      const created = await naming(body.name, () =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, body.name);
          const [row] = await tx
            .insert(roles)
            .values({
              projectId: query.project,
              key: customKey(body.name),
              name: body.name,
              description: body.description ?? '',
              permissions: granted,
              builtIn: false,
            })
            .returning();
          await recordAudit(tx, request, {
            target: `role:${row!.id}`,
            details: { change: 'create', key: row!.key, name: row!.name, permissions: granted },
          });
          return row!;
        }),
      );
      deps.permissions.invalidateProject(query.project);
      return toRole(created);
    },

    updateRole: async ({ params, query, body }, request) => {
      const role = await findCustomRole(query.project, params.role);
      const granted = body.permissions && normalised(body.permissions);
      await assertCallerHolds(request, query.project, [...role.permissions, ...(granted ?? [])]);
      const renamed = body.name !== undefined && body.name !== role.name;
      const updated = await naming(body.name ?? role.name, () =>
        db.transaction(async (tx) => {
          if (renamed) await assertNameFree(tx, body.name!);
          const [row] = await tx
            .update(roles)
            .set({
              ...(renamed ? { name: body.name, key: customKey(body.name!) } : {}),
              ...(body.description !== undefined ? { description: body.description } : {}),
              ...(granted ? { permissions: granted } : {}),
              updatedAt: sql`now()`,
            })
            .where(and(eq(roles.id, role.id), eq(roles.projectId, query.project)))
            .returning();
          if (!row) throw roleNotFound(); // deleted meanwhile
          // A role's key follows its name: pending invitations to it follow the rename.
          if (row.key !== role.key) {
            await tx
              .update(invites)
              .set({ role: row.key })
              .where(
                and(
                  eq(invites.projectId, query.project),
                  eq(invites.role, role.key),
                  isNull(invites.acceptedAt),
                  isNull(invites.revokedAt),
                ),
              );
          }
          await recordAudit(tx, request, {
            target: `role:${role.id}`,
            details: {
              change: 'update',
              key: row.key,
              ...(renamed ? { name: { from: role.name, to: row.name } } : {}),
              ...(granted ? { permissions: { from: role.permissions, to: granted } } : {}),
            },
          });
          return row;
        }),
      );
      deps.permissions.invalidateProject(query.project);
      return toRole(updated);
    },

    deleteRole: async ({ params, query }, request) => {
      const role = await findCustomRole(query.project, params.role);
      // Deleting takes the role from everyone holding it: the same right as unassigning it.
      await assertCallerHolds(request, query.project, role.permissions);
      await db.transaction(async (tx) => {
        // Owners hold the built-in owner role, so no project loses its owner here; a member who held
        // only this role stays a member, with no role.
        const taken = await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.projectId, query.project), eq(roleAssignments.roleId, role.id)))
          .returning({ userId: roleAssignments.userId });
        await tx.delete(roles).where(and(eq(roles.id, role.id), eq(roles.projectId, query.project)));
        await recordAudit(tx, request, {
          target: `role:${role.id}`,
          details: { change: 'delete', key: role.key, name: role.name, takenFrom: taken.map((t) => t.userId) },
        });
      });
      deps.permissions.invalidateProject(query.project);
      return undefined;
    },
  };
}
