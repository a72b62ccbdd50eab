import { projectGroup } from '@wharf/contract';
import { eq, sql } from 'drizzle-orm';
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

/**
 * `count` unread notifications of one person about a project (group `project:{id}`), a second apart
 * up to `now`, in one INSERT … SELECT generate_series: no push, no copies for the other members.
 * For bulk seeds and benches.
 */
export async function insertNotifications(
  db: Executor,
  values: { userId: string; projectId: string; count: number; now: Date },
): Promise<void> {
  if (values.count <= 0) return;
  const now = values.now.toISOString();
  await db.execute(sql`
    insert into ${notifications} (user_id, project_id, "group", title, body, created_at)
    select ${values.userId}::uuid, ${values.projectId}::uuid, ${projectGroup(values.projectId)},
      'Notification ' || g, 'Seeded notification ' || g, ${now}::timestamptz - (g * interval '1 second')
    from generate_series(1, ${values.count}::int) as g`);
}
