import type { operations, Project } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { addMember, type PermissionResolver } from '../access/service.js';
import { withBillingFlags } from '../billing/account.js';
import { installedCodes } from '../integrations/lifecycle.js';
import { platforms } from '../platform/schema.js';
import type { PlatformService } from '../platform/service.js';
import { organisationNotFound, projectNotFound, templateNotFound } from './errors.js';
import { memberOrganisation } from './organisation-handlers.js';
import { invites, organisationMembers, organisations, projectMembers, projects } from './schema.js';
import { findTemplate } from './template-catalogue.js';
import { installTemplate, type TemplateModules } from './templates.js';
import { requestActor } from '../integrations/lifecycle.js';
import { assertTwoFactorPolicy } from './two-factor-policy.js';

type ProjectOperations = Pick<
  typeof operations,
  'listProjects' | 'createProject' | 'getProject' | 'updateProject' | 'deleteProject'
>;

type ProjectRow = typeof projects.$inferSelect;

/** SPEC.md section 3's project, with its installed modules' codes; the handlers add `billing.flags` (withFlags). */
function toProject(row: ProjectRow, platformName: string, installed: string[]): Project {
  return {
    id: row.id,
    name: row.name,
    organisationId: row.organisationId,
    integrations: installed.map((code) => ({ code })),
    logos: row.logos,
    settings: row.settings,
    platform: { name: platformName },
    billing: { plan: { code: row.planCode }, flags: [] },
  };
}

export async function loadProject(db: Executor, id: string): Promise<Project> {
  const [row] = await db
    .select({ project: projects, platformName: platforms.name })
    .from(projects)
    .innerJoin(platforms, eq(platforms.id, projects.platformId))
    .where(eq(projects.id, id));
  if (!row) throw projectNotFound();
  const installed = await installedCodes(db, [id]);
  return toProject(row.project, row.platformName, installed.get(id)!);
}

/**
 * A project as the API answers it: with its billing alerts. `loadProject` itself stays without them,
 * as billing's own reads of a project (its plan, its currency) need none.
 */
async function withFlags(db: Executor, project: Project, request: FastifyRequest): Promise<Project> {
  const [withAlerts] = await withBillingFlags(db, [project], request.server.services.clock.now());
  return withAlerts!;
}

export function projectHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
  platform: PlatformService;
  /** Installs a template's modules when a project starts from one. */
  modules: TemplateModules['lifecycle'];
}): Handlers<ProjectOperations> {
  const { db } = deps;

  return {
    listProjects: async ({ query }, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      await assertTwoFactorPolicy(db, userId, platform.id);
      const rows = await db
        .select({ project: projects, platformName: platforms.name })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .innerJoin(platforms, eq(platforms.id, projects.platformId))
        .where(and(eq(projectMembers.userId, userId), query.project ? eq(projects.id, query.project) : undefined))
        .orderBy(asc(projects.name), asc(projects.id));
      // The modules and alerts of every listed project in a fixed number of queries (both batched).
      const installed = await installedCodes(
        db,
        rows.map((r) => r.project.id),
      );
      return withBillingFlags(
        db,
        rows.map((r) => toProject(r.project, r.platformName, installed.get(r.project.id)!)),
        request.server.services.clock.now(),
      );
    },

    createProject: async ({ body }, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      const template = body.template === undefined ? undefined : findTemplate(body.template);
      if (body.template !== undefined && !template) throw templateNotFound();
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
        // A new project: nobody's permissions in it are cached yet, so there is nothing to invalidate.
        const installed = template
          ? await installTemplate(tx, row!.id, template, {
              overwrite: false,
              now: request.server.services.clock.now(),
              modules: { lifecycle: deps.modules, actor: requestActor(request) },
            })
          : undefined;
        await recordAudit(tx, request, {
          projectId: row!.id,
          target: `project:${row!.id}`,
          ...(template
            ? { details: { template: template.key, roles: installed!.roles, modules: installed!.modules } }
            : {}),
        });
        return row!;
      });
      return withFlags(db, await loadProject(db, created.id), request);
    },

    getProject: async ({ params }, request) => withFlags(db, await loadProject(db, params.project), request),

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
      return withFlags(db, await loadProject(db, params.project), request);
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
  };
}
