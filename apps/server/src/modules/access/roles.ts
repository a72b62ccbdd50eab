import { permissions } from '@wharf/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { isProjectMember } from '../projects/members.js';
import { assertAssignable, type Caller } from './assignable.js';
import { builtInRole } from './built-in-roles.js';
import { roleAssignments, roles } from './schema.js';
import { memberNotFound, ownerCount, type PermissionResolver } from './service.js';

export type RoleRow = typeof roles.$inferSelect;

export const toRole = (row: RoleRow) => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  permissions: row.permissions,
  builtIn: row.builtIn,
});

/** A role's permissions in the catalogue's order, each once. */
export const normalised = (wanted: readonly string[]): string[] => permissions.filter((p) => wanted.includes(p));

export const roleNotFound = () => new AppError(404, 'ROLE_NOT_FOUND', 'Role not found');

/** The built-in roles and the project's own; another project's roles do not exist here. */
export const visibleIn = (projectId: string) => or(isNull(roles.projectId), eq(roles.projectId, projectId));

export async function findRole(db: Executor, projectId: string, roleId: string): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), visibleIn(projectId)));
  if (!row) throw roleNotFound();
  return row;
}

/** The roles of a project by key (built-in or its own); an unknown key is a 400 naming it. */
export async function findRolesByKey(db: Executor, projectId: string, keys: readonly string[]): Promise<RoleRow[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select()
    .from(roles)
    .where(and(inArray(roles.key, [...keys]), visibleIn(projectId)));
  const unknown = keys.filter((k) => !rows.some((r) => r.key === k));
  if (unknown.length > 0) {
    throw new AppError(400, 'ROLE_NOT_FOUND', `No such role in this project: ${unknown.join(', ')}.`);
  }
  return rows;
}

export const lastOwner = () =>
  new AppError(409, 'LAST_OWNER', 'A project needs at least one owner. Make someone else owner first.');

export async function assertMember(db: Executor, projectId: string, userId: string): Promise<void> {
  if (!(await isProjectMember(db, projectId, userId))) throw memberNotFound();
}

export interface RoleChange {
  projectId: string;
  userId: string;
  roleId: string;
  /** Who must be able to give the role themselves; null for platform admins, who may give any. */
  caller: Caller | null;
}

type Deps = { db: Database; permissions: PermissionResolver };

/** Give a member a role of their project, audited; idempotent. */
export async function giveRole(deps: Deps, request: FastifyRequest, change: RoleChange): Promise<void> {
  const role = await findRole(deps.db, change.projectId, change.roleId);
  await assertMember(deps.db, change.projectId, change.userId);
  if (change.caller) await assertAssignable(deps.permissions, change.projectId, change.caller, role.permissions);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(roleAssignments)
      .values({ projectId: change.projectId, userId: change.userId, roleId: role.id })
      .onConflictDoNothing();
    await recordAudit(tx, request, { target: `user:${change.userId}`, details: { role: role.key, change: 'assign' } });
  });
  deps.permissions.invalidateProject(change.projectId);
}

/** Take a role from a member, audited; taking needs the same right as giving, and the last owner keeps theirs. */
export async function takeRole(deps: Deps, request: FastifyRequest, change: RoleChange): Promise<void> {
  const role = await findRole(deps.db, change.projectId, change.roleId);
  if (change.caller) await assertAssignable(deps.permissions, change.projectId, change.caller, role.permissions);
  await deps.db.transaction(async (tx) => {
    if (role.id === builtInRole('owner').id && (await ownerCount(tx, change.projectId)) <= 1) {
      throw lastOwner();
    }
    const removed = await tx
      .delete(roleAssignments)
      .where(
        and(
          eq(roleAssignments.projectId, change.projectId),
          eq(roleAssignments.userId, change.userId),
          eq(roleAssignments.roleId, role.id),
        ),
      )
      .returning({ userId: roleAssignments.userId });
    if (removed.length === 0) throw new AppError(404, 'ROLE_NOT_HELD', 'That member does not hold this role.');
    await recordAudit(tx, request, {
      target: `user:${change.userId}`,
      details: { role: role.key, change: 'unassign' },
    });
  });
  deps.permissions.invalidateProject(change.projectId);
}
