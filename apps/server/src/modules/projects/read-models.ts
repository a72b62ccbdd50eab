import { and, eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.js';
import { projectNotFound } from './errors.js';
import { projectMembers, projects } from './schema.js';

/**
 * Read models of the projects module for the modules that bill and charge projects (billing,
 * integrations): the few facts of a project they act on, and the one column billing writes. Each is
 * one query, or a subquery the caller puts in its own query; never the table.
 */

/** What billing reads of a project: its platform, its plan and the currency of its settings. */
export interface ProjectBillingFacts {
  platformId: string;
  planCode: string;
  /** The project's own currency setting, when it has one. */
  currency: string | undefined;
}

/** A project's billing facts, or undefined when there is no such project. */
export async function findProjectBillingFacts(db: Executor, id: string): Promise<ProjectBillingFacts | undefined> {
  const [row] = await db
    .select({ platformId: projects.platformId, planCode: projects.planCode, settings: projects.settings })
    .from(projects)
    .where(eq(projects.id, id));
  return row ? { platformId: row.platformId, planCode: row.planCode, currency: row.settings.currency } : undefined;
}

/** A project's billing facts; an unknown project is 404 PROJECT_NOT_FOUND. */
export async function projectBillingFacts(db: Executor, id: string): Promise<ProjectBillingFacts> {
  const facts = await findProjectBillingFacts(db, id);
  if (!facts) throw projectNotFound();
  return facts;
}

/** Each project's platform, for a caller's join (a document printed under its platform's brand): join on `projectPlatform.id`. */
export const projectPlatform = new QueryBuilder()
  .select({ id: projects.id, platformId: projects.platformId })
  .from(projects)
  .as('project_platform');

/** The platform a project lives on, or undefined when there is no such project. */
export async function projectPlatformId(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ platformId: projects.platformId }).from(projects).where(eq(projects.id, id));
  return row?.platformId;
}

/** The time zone of the project's settings (an IANA name as stored, unchecked), or undefined without one. */
export async function projectTimeZoneSetting(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ settings: projects.settings }).from(projects).where(eq(projects.id, id));
  return row?.settings.timezone;
}

/**
 * The ids of a platform's projects (or of those of them named in `only`), as a subquery for the
 * caller's own query (`inArray(column, projectIdsOnPlatform(…))`): one query, not a list fetched first.
 */
export function projectIdsOnPlatform(db: Executor, platformId: string, only?: readonly string[]) {
  return db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.platformId, platformId), only ? inArray(projects.id, [...only]) : undefined));
}

/**
 * Holds the project's row (FOR UPDATE) until the caller's transaction ends, so that two changes of
 * one project's installed modules, or two charge runs, take turns. Answers whether the project exists.
 */
export async function lockProject(tx: Executor, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).for('update');
  return row !== undefined;
}

/**
 * The project's plan code, read under the caller's lock (billing's plan change holds the billing
 * account FOR UPDATE). Undefined when there is no such project.
 */
export async function projectPlanCode(tx: Executor, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ planCode: projects.planCode }).from(projects).where(eq(projects.id, id));
  return row?.planCode;
}

/**
 * Moves the project to another plan. The plan is still the project's own column (billing's account
 * reads it); billing, which owns plans and bills their changes, is the one caller, in its transaction.
 */
export async function setProjectPlan(tx: Executor, id: string, planCode: string, now: Date): Promise<void> {
  await tx.update(projects).set({ planCode, updatedAt: now }).where(eq(projects.id, id));
}

/** A project's own facts, for modules that act on it (its name in a mail, its organisation). */
export async function findProject(db: Executor, id: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, organisationId: projects.organisationId })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

/** A project's facts for messages that name it (notifications); an unknown project is 404 PROJECT_NOT_FOUND. */
export async function projectTitle(db: Executor, id: string): Promise<{ id: string; name: string }> {
  const project = await findProject(db, id);
  if (!project) throw projectNotFound();
  return project;
}

/** The ids of the projects of one platform that a user is a member of (blog: whose posts they may read). */
export async function memberProjectIdsOnPlatform(db: Executor, userId: string, platformId: string): Promise<string[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projects.platformId, platformId)));
  return rows.map((row) => row.id);
}

/** Each project's name, for a caller's join (the drive's admin list): join on `projectNames.id`. */
export const projectNames = new QueryBuilder()
  .select({ id: projects.id, name: projects.name })
  .from(projects)
  .as('project_names');
