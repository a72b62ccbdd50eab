import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { dependencyOrder, findManifest, moduleRegistry } from './registry.js';
import { projectIntegrations } from './schema.js';

/**
 * Test support of the integrations module: what tests of other modules may read of the modules
 * installed in projects without importing integrations' tables. Not for request handling.
 */

export type TestProjectIntegrationRow = typeof projectIntegrations.$inferSelect;

/** The module rows of every project (or of one), uninstalled ones included, as stored. */
export async function projectIntegrationRows(db: Executor, projectId?: string): Promise<TestProjectIntegrationRow[]> {
  return db
    .select()
    .from(projectIntegrations)
    .where(projectId === undefined ? undefined : eq(projectIntegrations.projectId, projectId));
}

/**
 * Installs up to `count` more registered modules in the project straight in the database (each with
 * its default settings, installed at `now`; no hooks, audit or notifications), for bulk seeds and
 * benches. Modules are taken in dependency order, so those installed always include what they
 * need. The catalogue is finite: fewer than `count` are installed when fewer are left. Answers the
 * codes installed.
 */
export async function insertProjectIntegrations(
  db: Executor,
  projectId: string,
  count: number,
  now: Date,
): Promise<string[]> {
  if (count <= 0) return [];
  const present = new Set((await projectIntegrationRows(db, projectId)).map((row) => row.code));
  const codes = dependencyOrder(moduleRegistry.keys())
    .filter((code) => !present.has(code))
    .slice(0, count);
  if (codes.length === 0) return [];
  await db.insert(projectIntegrations).values(
    codes.map((code) => ({
      projectId,
      code,
      config: moduleRegistry.get(code)!.config.parse({}) as Record<string, unknown>,
      installedAt: now,
      updatedAt: now,
    })),
  );
  return codes;
}

/**
 * Installs the named modules in the project straight in the database (default settings, installed
 * at `now`; no hooks, audit, notifications or charges), reviving any uninstalled, for seeds. The
 * caller names every module needed, dependencies included.
 */
export async function installModulesByCode(
  db: Executor,
  projectId: string,
  codes: readonly string[],
  now: Date,
): Promise<void> {
  for (const code of codes) {
    const module = findManifest(code);
    if (!module) throw new Error(`No module ${code} is registered.`);
    await db
      .insert(projectIntegrations)
      .values({
        projectId,
        code,
        config: module.config.parse({}) as Record<string, unknown>,
        installedAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [projectIntegrations.projectId, projectIntegrations.code],
        set: { uninstalledAt: null, updatedAt: now },
      });
  }
}
