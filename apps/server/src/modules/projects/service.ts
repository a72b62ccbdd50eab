import type { Project } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../core/db/database.js';
import { Chain, Gather, Hook, Slot } from '../../core/hooks.js';
import { platformFacts } from '../platform/read-models.js';
import { projectNotFound } from './errors.js';
import { organisationMembers, projectMembers, projects } from './schema.js';
import type { Template } from './template-catalogue.js';

type ProjectRow = typeof projects.$inferSelect;

/** What a template installed: each module answers for its part (access the roles, integrations the modules). */
export interface InstalledTemplate {
  /** Role keys: made now, reset to the template's (overwrite), or left as the project had them. */
  roles: { created: string[]; updated: string[]; kept: string[] };
  /** Module codes, dependencies included: installed now, or already installed and left as they were. */
  modules: { installed: string[]; kept: string[] };
}

/** A template going into a project, inside the transaction that also writes its settings. */
export interface TemplateInstall {
  projectId: string;
  template: Template;
  overwrite: boolean;
  now: Date;
  /** The request that asked: its caller is the actor of the audit entries each part writes. */
  request: FastifyRequest;
}

/**
 * What the projects module offers the modules above it. Projects sits low (access, notifications,
 * billing and integrations build on it), so where it needs them it runs a hook they add to in their
 * setup instead of importing them (core/hooks.ts).
 */
export class ProjectsService {
  /** Inside the transaction that made a project: access makes its creator the owner. */
  readonly created = new Hook<[tx: Executor, project: { id: string; organisationId: string }, creatorId: string]>();
  /**
   * Before a template goes into an existing project (outside any transaction): each module may refuse
   * the caller (integrations asks for integrations.manage when the template brings modules).
   */
  readonly templateAllowed = new Hook<[install: TemplateInstall]>();
  /** Inside a template's transaction, after its settings: each module installs its part and says what it did. */
  readonly templateParts = new Gather<[tx: Executor, install: TemplateInstall], Partial<InstalledTemplate>>();
  /** After a template's transaction committed: caches of the project's roles are dropped. */
  readonly templateInstalled = new Hook<[projectId: string]>();
  /** Inside a project's deletion, before the row goes: what else goes with it, counted for the audit entry. */
  readonly deleting = new Gather<[tx: Executor, projectId: string], Record<string, number>>();
  /** After a project's deletion committed. */
  readonly deleted = new Hook<[projectId: string]>();
  /** A page of projects as the API answers them: each module adds its part (installed modules, billing alerts). */
  readonly views = new Chain<Project[], [db: Executor, options: ViewOptions]>();
  /** Whether a user owns a project of the organisation (access answers: it keeps the roles). */
  readonly ownsProjectIn = new Slot<(db: Executor, organisationId: string, userId: string) => Promise<boolean>>(
    'projects.ownsProjectIn',
  );

  /** Projects as the API answers them, in the rows' order, with every module's part (batched over the list). */
  async present(db: Executor, rows: PresentableRow[], options: ViewOptions): Promise<Project[]> {
    return this.views.run(
      rows.map((row) => toProject(row.project, row.platformName)),
      db,
      options,
    );
  }

  /** One project as the API answers it. */
  async load(db: Executor, id: string, options: ViewOptions): Promise<Project> {
    const [row] = await presentable(db).where(eq(projects.id, id));
    if (!row) throw projectNotFound();
    return (await this.present(db, [row], options))[0]!;
  }
}

export interface ViewOptions {
  now: Date;
  /** Billing's alerts are computed for the project calls' answers only (not, say, a template's). */
  alerts: boolean;
}

export interface PresentableRow {
  project: ProjectRow;
  platformName: string;
}

/** Projects with their platform's name, ready for `present`; the caller adds its conditions. */
export function presentable(db: Executor) {
  return db
    .select({ project: projects, platformName: platformFacts.name })
    .from(projects)
    .innerJoin(platformFacts, eq(platformFacts.id, projects.platformId))
    .$dynamic();
}

/** SPEC.md section 3's project; `integrations` and `billing.flags` are filled by their modules' view parts. */
function toProject(row: ProjectRow, platformName: string): Project {
  return {
    id: row.id,
    name: row.name,
    organisationId: row.organisationId,
    integrations: [],
    logos: row.logos,
    settings: row.settings,
    platform: { name: platformName },
    billing: { plan: { code: row.planCode }, flags: [] },
  };
}

/** Makes the user a member (answers false when they already were); their roles are access's to give. */
export async function addProjectMember(tx: Executor, projectId: string, userId: string): Promise<boolean> {
  const added = await tx.insert(projectMembers).values({ projectId, userId }).onConflictDoNothing().returning();
  return added.length > 0;
}

/** Ends a membership (answers false when there was none). */
export async function removeProjectMember(tx: Executor, projectId: string, userId: string): Promise<boolean> {
  const removed = await tx
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  return removed.length > 0;
}

/** Puts the user in the organisation (as joining one of its projects does); nothing if they are in it. */
export async function joinOrganisation(tx: Executor, organisationId: string, userId: string): Promise<void> {
  await tx.insert(organisationMembers).values({ organisationId, userId }).onConflictDoNothing();
}

const query = new QueryBuilder();

/** Who is in which project since when; join it on `memberships.userId` or filter on `memberships.projectId`. */
export const memberships = query
  .select({ projectId: projectMembers.projectId, userId: projectMembers.userId, joinedAt: projectMembers.createdAt })
  .from(projectMembers)
  .as('memberships');

/** Which organisation each project belongs to; filter on `projectOrganisations.organisationId`. */
export const projectOrganisations = query
  .select({ projectId: projects.id, organisationId: projects.organisationId })
  .from(projects)
  .as('project_organisations');
