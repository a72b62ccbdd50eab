import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { addProjectMembers } from '../projects/testing.js';
import { builtInRole } from './built-in-roles.js';
import { INVITE_TTL_MS } from './invites.js';
import { invites, roleAssignments, roles } from './schema.js';

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

/**
 * Makes many users members of a project holding one built-in role (`member` unless named), in two
 * statements whatever their number (bulk seeds and benches): no audit, no notification, no cache
 * invalidation. Those already members keep their membership and gain the role.
 */
export async function addMembers(
  db: Executor,
  projectId: string,
  userIds: readonly string[],
  roleKey = 'member',
): Promise<void> {
  if (userIds.length === 0) return;
  await addProjectMembers(
    db,
    userIds.map((userId) => ({ projectId, userId })),
  );
  const roleId = builtInRole(roleKey).id;
  await db
    .insert(roleAssignments)
    .values(userIds.map((userId) => ({ projectId, userId, roleId })))
    .onConflictDoNothing();
}

/**
 * `count` pending invitations to the project (role `member`, to made-up addresses, a second apart
 * up to `now`, expiring 7 days after each was made) in one INSERT … SELECT generate_series; no mail
 * is sent and their tokens are unknown (nobody can accept them). For bulk seeds and benches.
 */
export async function insertInvites(
  db: Executor,
  projectId: string,
  count: number,
  options: { now: Date; invitedBy?: string | null; role?: string },
): Promise<void> {
  if (count <= 0) return;
  const now = options.now.toISOString();
  await db.execute(sql`
    insert into ${invites} (project_id, email, role, token_hash, invited_by, created_at, expires_at)
    select ${projectId}::uuid,
      'invitee-' || g || '-' || substr(md5(random()::text), 1, 8) || '@example.com',
      ${options.role ?? 'member'},
      md5(gen_random_uuid()::text) || md5(random()::text),
      ${options.invitedBy ?? null}::uuid,
      ${now}::timestamptz - (g * interval '1 second'),
      ${now}::timestamptz - (g * interval '1 second') + (${INVITE_TTL_MS}::int * interval '1 millisecond')
    from generate_series(1, ${count}::int) as g`);
}
