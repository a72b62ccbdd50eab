import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import type { InstalledTemplate, TemplateInstall } from '../projects/service.js';
import type { TemplateRole } from '../projects/template-catalogue.js';
import { roles } from './schema.js';

const sameRole = (a: TemplateRole, b: { name: string; description: string; permissions: string[] }) =>
  a.name === b.name &&
  a.description === b.description &&
  a.permissions.length === b.permissions.length &&
  a.permissions.every((p) => b.permissions.includes(p));

/**
 * A template's custom roles, written in the template's transaction (projects' `templateParts`).
 * Roles are found by key, so installing twice adds nothing; without `overwrite` a role the project
 * already has wins. Written here rather than through the custom-role handlers on purpose: a template
 * writes a known, valid set in bulk, with no per-role checks on who may grant what.
 */
export async function installTemplateRoles(
  tx: Executor,
  install: TemplateInstall,
): Promise<Pick<InstalledTemplate, 'roles'>> {
  const { projectId, template } = install;
  const existing = new Map(
    (
      await tx
        .select({ key: roles.key, name: roles.name, description: roles.description, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.projectId, projectId))
    ).map((r) => [r.key, r]),
  );
  const outcome: InstalledTemplate['roles'] = { created: [], updated: [], kept: [] };
  for (const role of template.roles) {
    const had = existing.get(role.key);
    const values = { name: role.name, description: role.description, permissions: [...role.permissions] };
    if (!had) {
      // A custom role made with this key since the read above (the role API takes no project lock) is kept.
      const made = await tx
        .insert(roles)
        .values({ ...values, projectId, key: role.key, builtIn: false })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      outcome[made.length > 0 ? 'created' : 'kept'].push(role.key);
    } else if (install.overwrite && !sameRole(role, had)) {
      await tx
        .update(roles)
        .set({ ...values, updatedAt: install.now })
        .where(and(eq(roles.projectId, projectId), eq(roles.key, role.key)));
      outcome.updated.push(role.key);
    } else {
      outcome.kept.push(role.key);
    }
  }
  return { roles: outcome };
}
