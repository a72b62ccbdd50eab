import type { Project } from '@wharf/contract';
import type { Executor } from '../../core/db/database.js';
import { requirePermission, type AccessResolver } from '../../core/http/access.js';
import type { InstalledTemplate, TemplateInstall } from '../projects/service.js';
import { installedCodes, requestActor, type ModuleLifecycle } from './lifecycle.js';

/** Each project's installed modules in its answer (Project.integrations), one query for any number of projects. */
export async function withInstalledModules(db: Executor, list: Project[]): Promise<Project[]> {
  const installed = await installedCodes(
    db,
    list.map((p) => p.id),
  );
  return list.map((project) => ({ ...project, integrations: installed.get(project.id)!.map((code) => ({ code })) }));
}

/**
 * Installing modules into an existing project is `integrations.manage`'s to grant, as in the store,
 * so a template that brings modules asks the caller for it too (before its transaction).
 */
export function templateModulesAllowed(access: AccessResolver) {
  return async (install: TemplateInstall): Promise<void> => {
    if (install.template.modules.length === 0) return;
    await requirePermission(access, install.request.principal!, install.projectId, 'integrations.manage');
  };
}

/**
 * A template's modules, installed in the template's transaction through their lifecycle (hooks, audit,
 * notifications, dependencies first), like a module from the store; one the project has is never
 * touched, even with `overwrite`: its settings are the project's own.
 */
export function templateModules(lifecycle: ModuleLifecycle) {
  return async (tx: Executor, install: TemplateInstall): Promise<Partial<InstalledTemplate>> => {
    const { template, projectId, request } = install;
    if (template.modules.length === 0) return {};
    const actor = requestActor(request);
    return {
      modules: await lifecycle.installSetIn(tx, projectId, template.modules, actor, { template: template.key }),
    };
  };
}
