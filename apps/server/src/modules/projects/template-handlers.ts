import type { operations } from '@wharf/contract';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { templateNotFound } from './errors.js';
import type { ProjectsService } from './service.js';
import { findTemplate, templates } from './template-catalogue.js';
import { installTemplate } from './templates.js';

type TemplateOperations = Pick<typeof operations, 'listProjectTemplates' | 'installProjectTemplate'>;

export function templateHandlers(deps: {
  db: Database;
  clock: Clock;
  projects: ProjectsService;
}): Handlers<TemplateOperations> {
  const { db, clock, projects: service } = deps;

  return {
    // The access hook checks projects.update when a project is named; the catalogue is the same for all.
    listProjectTemplates: () => [...templates],

    installProjectTemplate: async ({ params, query, body }, request) => {
      const template = findTemplate(params.template);
      if (!template) throw templateNotFound();
      const overwrite = body.overwrite ?? false;
      const install = { projectId: query.project, template, overwrite, now: clock.now(), request };
      // The call needs projects.update (its contract); the modules' parts may ask for more.
      await service.templateAllowed.run(install);
      const installed = await db.transaction(async (tx) => {
        const outcome = await installTemplate(tx, service, install);
        await recordAudit(tx, request, {
          target: `project:${query.project}`,
          details: {
            template: template.key,
            overwrite,
            roles: outcome.roles,
            modules: outcome.modules,
            settings: Object.keys(template.settings),
          },
        });
        return outcome;
      });
      // The project's roles changed (a rewritten one changes what its holders may do).
      await service.templateInstalled.run(query.project);
      return {
        template: template.key,
        roles: installed.roles,
        modules: installed.modules,
        project: await service.load(db, query.project, { now: clock.now(), alerts: false }),
      };
    },
  };
}
