import type { Executor } from '../../core/db/database.js';
import { projectTitle } from '../projects/read-models.js';
import type { NotificationService } from './service.js';

/**
 * The notifications other modules raise on their events, worded in one place. Each runs in the
 * transaction of the change it reports. Targets are console routes by name (apps/web routes.tsx).
 */

const projectRoute = (name: string, projectId: string) => ({
  route: { name, params: {}, query: { project: projectId } },
});

/** Someone changed a member's roles: that member hears of it. */
export async function notifyRolesChanged(
  tx: Executor,
  notifications: NotificationService,
  change: { projectId: string; userId: string; roleNames: string[] },
): Promise<void> {
  const project = await projectTitle(tx, change.projectId);
  await notifications.notifyUser(tx, {
    userId: change.userId,
    title: `Your roles in ${project.name} changed`,
    body: change.roleNames.length ? `You now hold: ${change.roleNames.join(', ')}.` : 'You now hold no roles.',
    action: projectRoute('project.dashboard', project.id),
  });
}

/** A person accepted an invitation: the project's other members hear of it. */
export async function notifyMemberJoined(
  tx: Executor,
  notifications: NotificationService,
  joined: {
    projectId: string;
    projectName: string;
    user: { id: string; email: string; firstName?: string | null; lastName?: string | null; username?: string | null };
  },
): Promise<void> {
  const { user } = joined;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email;
  await notifications.notifyProject(tx, {
    projectId: joined.projectId,
    exceptUserIds: [user.id],
    title: `${name} joined ${joined.projectName}`,
    action: projectRoute('project.users.list', joined.projectId),
  });
}
