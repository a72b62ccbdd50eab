import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { projectNotFound } from './errors.js';
import { projects } from './schema.js';
import type { InstalledTemplate, ProjectsService, TemplateInstall } from './service.js';

/**
 * Install a template in a project, inside the caller's transaction: its settings here, then each
 * module's part through `templateParts` (access writes the template's custom roles, integrations
 * installs its modules through their lifecycle). Without `overwrite` what the project already has
 * (a role of that key, a setting) wins, with it the template's does. The caller runs
 * `templateInstalled` after the commit, so caches of the project's roles are dropped.
 */
export async function installTemplate(
  tx: Executor,
  service: ProjectsService,
  install: TemplateInstall,
): Promise<InstalledTemplate> {
  const { projectId, template } = install;
  // The row lock makes concurrent installs in one project take turns: no lost settings, no racing inserts.
  const [project] = await tx
    .select({ settings: projects.settings })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  if (!project) throw projectNotFound();
  const settings = install.overwrite
    ? { ...project.settings, ...template.settings }
    : { ...template.settings, ...project.settings };
  await tx.update(projects).set({ settings, updatedAt: install.now }).where(eq(projects.id, projectId));

  const outcome: InstalledTemplate = {
    roles: { created: [], updated: [], kept: [] },
    modules: { installed: [], kept: [] },
  };
  for (const part of await service.templateParts.run(tx, install)) Object.assign(outcome, part);
  return outcome;
}
