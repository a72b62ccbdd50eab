import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import type { ProjectSettings } from '@wharf/contract';
import { organisationMembers, organisations, projectMembers, projects } from './schema.js';

/**
 * Rows written straight to the projects module's tables, for tests of other modules and for the
 * demo seed (seed/demo.ts), so neither imports projects' tables. Not for request handling: that goes
 * through the module's handlers and service.
 */

/** An organisation straight in the database; answers its row. */
export async function insertOrganisation(db: Executor, values: { platformId: string; name: string; id?: string }) {
  const [row] = await db.insert(organisations).values(values).returning();
  return row!;
}

/** A project straight in the database (no owner, no wallet: none of the hooks run); answers its row. */
export async function insertProject(
  db: Executor,
  values: { platformId: string; organisationId: string; name: string; id?: string; planCode?: string },
) {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

/** Sets a project's settings (currency, time zone, units) straight in the database, replacing them. */
export async function setProjectSettings(db: Executor, projectId: string, settings: ProjectSettings): Promise<void> {
  await db.update(projects).set({ settings }).where(eq(projects.id, projectId));
}

/** Moves a project to another platform (its organisation stays where it was). */
export async function setProjectPlatform(db: Executor, projectId: string, platformId: string): Promise<void> {
  await db.update(projects).set({ platformId }).where(eq(projects.id, projectId));
}

/** Organisations by fixed id: made, or renamed when they exist (a seed run again changes nothing more). */
export async function upsertOrganisations(
  db: Executor,
  rows: readonly { id: string; name: string; platformId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(organisations)
    .values([...rows])
    .onConflictDoUpdate({ target: organisations.id, set: { name: sql`excluded.name` } });
}

/** Projects by fixed id: made, or given these names, plans and organisations when they exist. */
export async function upsertProjects(
  db: Executor,
  rows: readonly { id: string; name: string; planCode: string; organisationId: string; platformId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(projects)
    .values([...rows])
    .onConflictDoUpdate({
      target: projects.id,
      set: {
        name: sql`excluded.name`,
        planCode: sql`excluded.plan_code`,
        organisationId: sql`excluded.organisation_id`,
      },
    });
}

/** Organisation memberships; those that exist are left as they are. */
export async function addOrganisationMembers(
  db: Executor,
  rows: readonly { organisationId: string; userId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(organisationMembers)
    .values([...rows])
    .onConflictDoNothing();
}

/** Project memberships in one statement (bulk seeds and benches); those that exist are left as they are. Roles are access's. */
export async function addProjectMembers(
  db: Executor,
  rows: readonly { projectId: string; userId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(projectMembers)
    .values([...rows])
    .onConflictDoNothing();
}

/** How many rows each projects table holds (seed checks). */
export async function projectsTableCounts(db: Executor) {
  const count = async (
    table: typeof organisations | typeof projects | typeof projectMembers | typeof organisationMembers,
  ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    organisations: await count(organisations),
    projects: await count(projects),
    projectMembers: await count(projectMembers),
    organisationMembers: await count(organisationMembers),
  };
}

/** The ids of the projects on a plan. */
export async function projectIdsOnPlan(db: Executor, planCode: string): Promise<string[]> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.planCode, planCode));
  return rows.map((row) => row.id);
}

/** Whether the user belongs to the organisation (joining a project by invitation puts them in it). */
export async function isOrganisationMember(db: Executor, organisationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  return rows.length > 0;
}
