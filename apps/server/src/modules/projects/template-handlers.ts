import type { operations } from '@wharf/contract';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PermissionResolver } from '../access/service.js';
import { loadProject } from './handlers.js';
import { findTemplate, templates } from './template-catalogue.js';
import { templateNotFound } from './errors.js';
import { installTemplate, type TemplateModules } from './templates.js';
import { requirePermission, type AccessResolver } from '../../core/http/access.js';
import { requestActor } from '../integrations/lifecycle.js';

type TemplateOperations = Pick<typeof operations, 'listProjectTemplates' | 'installProjectTemplate'>;

export function templateHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
  modules: TemplateModules['lifecycle'];
  /** Who may do what: a template with modules also needs `integrations.manage`. */
  access: AccessResolver;
}): Handlers<TemplateOperations> {
  const { db } = deps;

  return {
    // The access hook checks projects.update when a project is named; the catalogue is the same for all.
    listProjectTemplates: () => [...templates],

    installProjectTemplate: async ({ params, query, body }, request) => {
      const template = findTemplate(params.template);
      if (!template) throw templateNotFound();
      const overwrite = body.overwrite ?? false;
      // The call needs projects.update (its contract); installing modules is integrations.manage's
      // to grant, as in the store, so a template that brings modules asks for both.
      if (template.modules.length > 0) {
        await requirePermission(deps.access, request.principal!, query.project, 'integrations.manage');
      }
      const installed = await db.transaction(async (tx) => {
        const outcome = await installTemplate(tx, query.project, template, {
          overwrite,
          now: request.server.services.clock.now(),
          modules: { lifecycle: deps.modules, actor: requestActor(request) },
        });
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
      deps.permissions.invalidateProject(query.project);
      return {
        template: template.key,
        roles: installed.roles,
        modules: installed.modules,
        project: await loadProject(db, query.project),
      };
    },
  };
}
