import type { operations, Project } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { addMember, type PermissionResolver } from '../access/service.js';
import { platforms } from '../platform/schema.js';
import type { PlatformService } from '../platform/service.js';
import { invites, organisationMembers, organisations, projectMembers, projects } from './schema.js';

type ProjectOperations = Pick<
  typeof operations,
  | 'listProjects'
  | 'createProject'
  | 'getProject'
  | 'updateProject'
  | 'deleteProject'
  | 'listOrganisations'
  | 'createOrganisation'
  | 'getOrganisation'
>;

type ProjectRow = typeof projects.$inferSelect;

/** SPEC.md section 3's project. Modules and billing fill `integrations` and `billing.flags` in their issues. */
function toProject(row: ProjectRow, platformName: string): Project {
  return {
    id: row.id,
    name: row.name,
    organisationId: row.organisationId,
    integrations: [],
    logos: row.logos,
    platform: { name: platformName },
    billing: { plan: { code: row.planCode }, flags: [] },
  };
}

const projectNotFound = () => new AppError(404, 'PROJECT_NOT_FOUND', 'Project not found');
const organisationNotFound = () => new AppError(404, 'ORGANISATION_NOT_FOUND', 'Organisation not found');

async function loadProject(db: Executor, id: string): Promise<Project> {
  const [row] = await db
    .select({ project: projects, platformName: platforms.name })
    .from(projects)
    .innerJoin(platforms, eq(platforms.id, projects.platformId))
    .where(eq(projects.id, id));
  if (!row) throw projectNotFound();
  return toProject(row.project, row.platformName);
}

async function memberOrganisation(db: Executor, organisationId: string, userId: string) {
  const [row] = await db
    .select({ organisation: organisations })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  return row?.organisation;
}

export function projectHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
  platform: PlatformService;
}): Handlers<ProjectOperations> {
  const { db } = deps;

  return {
    listProjects: async ({ query }, request) => {
      const userId = request.principal!.userId;
      const rows = await db
        .select({ project: projects, platformName: platforms.name })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .innerJoin(platforms, eq(platforms.id, projects.platformId))
        .where(and(eq(projectMembers.userId, userId), query.project ? eq(projects.id, query.project) : undefined))
        .orderBy(asc(projects.name), asc(projects.id));
      return rows.map((r) => toProject(r.project, r.platformName));
    },

    createProject: async ({ body }, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      const created = await db.transaction(async (tx) => {
        let organisation = body.organisationId ? await memberOrganisation(tx, body.organisationId, userId) : undefined;
        if (body.organisationId && !organisation) throw organisationNotFound();
        if (!organisation) {
          [organisation] = await tx
            .insert(organisations)
            .values({ platformId: platform.id, name: body.organisationName! })
            .returning();
          await tx.insert(organisationMembers).values({ organisationId: organisation!.id, userId });
        }
        const [row] = await tx
          .insert(projects)
          .values({ platformId: organisation!.platformId, organisationId: organisation!.id, name: body.name })
          .returning();
        await addMember(tx, row!.id, userId, 'owner');
        await recordAudit(tx, request, { projectId: row!.id, target: `project:${row!.id}` });
        return row!;
      });
      return loadProject(db, created.id);
    },

    getProject: ({ params }) => loadProject(db, params.project),

    updateProject: async ({ params, body }, request) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(projects)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.logos !== undefined ? { logos: body.logos } : {}),
            updatedAt: request.server.services.clock.now(),
          })
          .where(eq(projects.id, params.project))
          .returning({ id: projects.id });
        if (!row) throw projectNotFound();
        await recordAudit(tx, request, {
          projectId: params.project,
          target: `project:${params.project}`,
          details: { fields: Object.keys(body) },
        });
      });
      return loadProject(db, params.project);
    },

    deleteProject: async ({ params }, request) => {
      await db.transaction(async (tx) => {
        // What goes with the project, stated in its audit entry.
        const members = await tx
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(eq(projectMembers.projectId, params.project));
        const pending = await tx.select({ id: invites.id }).from(invites).where(eq(invites.projectId, params.project));
        const [gone] = await tx
          .delete(projects)
          .where(eq(projects.id, params.project))
          .returning({ name: projects.name });
        if (!gone) throw projectNotFound();
        await recordAudit(tx, request, {
          projectId: params.project,
          target: `project:${params.project}`,
          details: { name: gone.name, removed: { members: members.length, invitations: pending.length } },
        });
      });
      deps.permissions.invalidateProject(params.project);
      deps.platform.invalidate();
      return undefined;
    },

    listOrganisations: async (_input, request) => {
      const rows = await db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(eq(organisationMembers.userId, request.principal!.userId))
        .orderBy(asc(organisations.name));
      return rows;
    },

    createOrganisation: async ({ body }, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(organisations).values({ platformId: platform.id, name: body.name }).returning();
        await tx.insert(organisationMembers).values({ organisationId: row!.id, userId });
        await recordAudit(tx, request, { target: `organisation:${row!.id}` });
        return row!;
      });
      return { id: created.id, name: created.name };
    },

    getOrganisation: async ({ params }, request) => {
      // Someone else's organisation is as absent as a missing one.
      const organisation = await memberOrganisation(db, params.organisationId, request.principal!.userId);
      if (!organisation) throw organisationNotFound();
      return { id: organisation.id, name: organisation.name };
    },
  };
}
