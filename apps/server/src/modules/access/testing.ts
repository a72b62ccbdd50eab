import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { roleAssignments, roles } from './schema.js';

/**
 * Test support of the access module: what tests of other modules may do to roles and their
 * assignments without importing access's tables. Not for request handling: that goes through the
 * module's handlers and service.
 */

export type TestRoleRow = typeof roles.$inferSelect;

/** The roles a project has of its own (custom ones; built-in roles belong to no project), by key. */
export async function rolesOfProject(db: Executor, projectId: string): Promise<TestRoleRow[]> {
  return db.select().from(roles).where(eq(roles.projectId, projectId)).orderBy(asc(roles.key));
}

/** Every custom (not built-in) role of any project, as stored. */
export async function customRoleRows(db: Executor): Promise<TestRoleRow[]> {
  return db.select().from(roles).where(eq(roles.builtIn, false));
}

/** A project's role by key (`custom:…`), or undefined. */
export async function findProjectRole(db: Executor, projectId: string, key: string): Promise<TestRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, projectId), eq(roles.key, key)));
  return row;
}

/** A role straight in the database (no audit, no permission check); answers its row. */
export async function insertRole(
  db: Executor,
  values: Omit<typeof roles.$inferInsert, 'id'> & { projectId: string },
): Promise<TestRoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

/** Sets the permissions of a project's role (by key) straight in the database, behind any cache's back. */
export async function setRolePermissions(
  db: Executor,
  projectId: string,
  key: string,
  permissions: string[],
): Promise<void> {
  await db
    .update(roles)
    .set({ permissions })
    .where(and(eq(roles.projectId, projectId), eq(roles.key, key)));
}

/** Gives a member of a project one more role straight in the database, behind any cache's back. */
export async function assignRole(
  db: Executor,
  values: { projectId: string; userId: string; roleId: string },
): Promise<void> {
  await db.insert(roleAssignments).values(values);
}
