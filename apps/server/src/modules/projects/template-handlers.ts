import type { operations } from '@wharf/contract';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PermissionResolver } from '../access/service.js';
import { loadProject } from './handlers.js';
import { findTemplate, templates } from './template-catalogue.js';
import { templateNotFound } from './errors.js';
import { installTemplate } from './templates.js';

type TemplateOperations = Pick<typeof operations, 'listProjectTemplates' | 'installProjectTemplate'>;

export function templateHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
}): Handlers<TemplateOperations> {
  const { db } = deps;

  return {
    // The access hook checks projects.update when a project is named; the catalogue is the same for all.
    listProjectTemplates: () => [...templates],

    installProjectTemplate: async ({ params, query, body }, request) => {
      const template = findTemplate(params.template);
      if (!template) throw templateNotFound();
      const overwrite = body.overwrite ?? false;
      const installed = await db.transaction(async (tx) => {
        const outcome = await installTemplate(tx, query.project, template, {
          overwrite,
          now: request.server.services.clock.now(),
        });
        await recordAudit(tx, request, {
          target: `project:${query.project}`,
          details: {
            template: template.key,
            overwrite,
            roles: outcome.roles,
            settings: Object.keys(template.settings),
          },
        });
        return outcome;
      });
      // The project's roles changed (a rewritten one changes what its holders may do).
      deps.permissions.invalidateProject(query.project);
      return { template: template.key, roles: installed.roles, project: await loadProject(db, query.project) };
    },
  };
}
