import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { projectNotFound } from './errors.js';
import { roles } from '../access/schema.js';
import type { Template, TemplateRole } from './template-catalogue.js';
import type { Actor, ModuleLifecycle } from '../integrations/lifecycle.js';
import { projects } from './schema.js';

export interface InstalledTemplate {
  /** Role keys: made now, reset to the template's (overwrite), or left as the project had them. */
  roles: { created: string[]; updated: string[]; kept: string[] };
  /** Module codes, dependencies included: installed now, or already installed and left as they were. */
  modules: { installed: string[]; kept: string[] };
}

/** How a template's modules go in: through the modules' own lifecycle (integrations/lifecycle.ts). */
export interface TemplateModules {
  lifecycle: Pick<ModuleLifecycle, 'installSetIn'>;
  /** Who installs them: their audit entries are written in the template's transaction. */
  actor: Actor;
}

const sameRole = (a: TemplateRole, b: { name: string; description: string; permissions: string[] }) =>
  a.name === b.name &&
  a.description === b.description &&
  a.permissions.length === b.permissions.length &&
  a.permissions.every((p) => b.permissions.includes(p));

/**
 * Install a template's custom roles, settings and modules in a project, inside the caller's transaction.
 * Roles are found by key, so installing twice adds nothing; without `overwrite` what the project
 * already has (a role of that key, a setting) wins, with it the template's does. The caller
 * invalidates the project's permission cache after the commit when roles may have changed.
 *
 * Roles are written here rather than through the access module's custom-role service on purpose:
 * a template writes a known, valid set in bulk, with no per-role checks on who may grant what.
 * Modules, on the other hand, go through their lifecycle (hooks, audit, notifications, dependencies
 * first), like a module installed from the store; a module the project has is never touched, even
 * with `overwrite`: its settings are the project's own.
 */
export async function installTemplate(
  tx: Executor,
  projectId: string,
  template: Template,
  options: { overwrite: boolean; now: Date; modules: TemplateModules },
): Promise<InstalledTemplate> {
  // The row lock makes concurrent installs in one project take turns: no lost settings, no racing inserts.
  const [project] = await tx
    .select({ settings: projects.settings })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update');
  if (!project) throw projectNotFound();
  const settings = options.overwrite
    ? { ...project.settings, ...template.settings }
    : { ...template.settings, ...project.settings };
  await tx.update(projects).set({ settings, updatedAt: options.now }).where(eq(projects.id, projectId));

  const existing = new Map(
    (
      await tx
        .select({ key: roles.key, name: roles.name, description: roles.description, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.projectId, projectId))
    ).map((r) => [r.key, r]),
  );
  const outcome: InstalledTemplate = {
    roles: { created: [], updated: [], kept: [] },
    modules: { installed: [], kept: [] },
  };
  for (const role of template.roles) {
    const had = existing.get(role.key);
    const values = {
      name: role.name,
      description: role.description,
      permissions: [...role.permissions],
    };
    if (!had) {
      // A custom role made with this key since the read above (the role API takes no project lock) is kept.
      const made = await tx
        .insert(roles)
        .values({ ...values, projectId, key: role.key, builtIn: false })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      outcome.roles[made.length > 0 ? 'created' : 'kept'].push(role.key);
    } else if (options.overwrite && !sameRole(role, had)) {
      await tx
        .update(roles)
        .set({ ...values, updatedAt: options.now })
        .where(and(eq(roles.projectId, projectId), eq(roles.key, role.key)));
      outcome.roles.updated.push(role.key);
    } else {
      outcome.roles.kept.push(role.key);
    }
  }
  if (template.modules.length > 0) {
    const { lifecycle, actor } = options.modules;
    outcome.modules = await lifecycle.installSetIn(tx, projectId, template.modules, actor, { template: template.key });
  }
  return outcome;
}
