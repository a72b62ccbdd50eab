import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { notifications } from './schema.js';

/**
 * Test support of the notifications module: what tests of other modules may read of notifications
 * without importing its tables. Not for request handling.
 */

export type TestNotificationRow = typeof notifications.$inferSelect;

/** Every notification about a project, whoever it was for, in no particular order. */
export async function notificationsOfProject(db: Executor, projectId: string): Promise<TestNotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.projectId, projectId));
}
