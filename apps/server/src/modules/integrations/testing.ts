import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
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
