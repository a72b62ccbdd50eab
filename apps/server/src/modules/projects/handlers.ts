import type { operations } from '@wharf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { preparedQuery } from '../../core/db/prepared.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PlatformService } from '../platform/service.js';
import { organisationNotFound, projectNotFound, templateNotFound } from './errors.js';
import { memberOrganisation } from './organisation-handlers.js';
import { organisationMembers, organisations, projectMembers, projects } from './schema.js';
import { presentable, type ProjectsService } from './service.js';
import { findTemplate } from './template-catalogue.js';
import { installTemplate } from './templates.js';
import { assertTwoFactorPolicy } from './two-factor-policy.js';

type ProjectOperations = Pick<
  typeof operations,
  'listProjects' | 'createProject' | 'getProject' | 'updateProject' | 'deleteProject'
>;

/** The caller's projects (or the one asked for), by name: built once per database handle. */
const memberProjectRows = preparedQuery((db: Executor) =>
  presentable(db)
    .innerJoin(projectMembers, eq(projectMembers.projectId, projects.id))
    .where(
      and(
        eq(projectMembers.userId, sql.placeholder('userId')),
        sql`(${sql.placeholder('project')}::uuid is null or ${projects.id} = ${sql.placeholder('project')}::uuid)`,
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id))
    .prepare('member_projects'),
);

export function projectHandlers(deps: {
  db: Database;
  clock: Clock;
  platform: PlatformService;
  projects: ProjectsService;
}): Handlers<ProjectOperations> {
  const { db, clock, projects: service } = deps;
  // The project calls answer with billing's alerts; other answers that carry a project do not.
  const answer = (id: string) => service.load(db, id, { now: clock.now(), alerts: true });

  return {
    listProjects: async ({ query }, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      await assertTwoFactorPolicy(db, userId, platform.id);
      const rows = await memberProjectRows(db, { userId, project: query.project ?? null });
      // Every module's part of every listed project in a fixed number of queries (each part is batched).
      return service.present(db, rows, { now: clock.now(), alerts: true });
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
        await tx.insert(projectMembers).values({ projectId: row!.id, userId });
        await service.created.run(tx, row!, userId);
        // A new project: nobody's permissions in it are cached yet, so there is nothing to invalidate.
        const installed = template
          ? await installTemplate(tx, service, {
              projectId: row!.id,
              template,
              overwrite: false,
              now: clock.now(),
              request,
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
      return answer(created.id);
    },

    getProject: ({ params }) => answer(params.project),

    updateProject: async ({ params, body }, request) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(projects)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.logos !== undefined ? { logos: body.logos } : {}),
            updatedAt: clock.now(),
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
      return answer(params.project);
    },

    deleteProject: async ({ params }, request) => {
      await db.transaction(async (tx) => {
        // What goes with the project, stated in its audit entry.
        const members = await tx
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(eq(projectMembers.projectId, params.project));
        const others = await service.deleting.run(tx, params.project);
        const [gone] = await tx
          .delete(projects)
          .where(eq(projects.id, params.project))
          .returning({ name: projects.name });
        if (!gone) throw projectNotFound();
        await recordAudit(tx, request, {
          projectId: params.project,
          target: `project:${params.project}`,
          details: { name: gone.name, removed: Object.assign({ members: members.length }, ...others) },
        });
      });
      await service.deleted.run(params.project);
      deps.platform.invalidate();
      return undefined;
    },
  };
}
