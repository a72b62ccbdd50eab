import { NOTIFICATION_GROUP_USER, projectGroup } from '@wharf/contract/shell-constants';
import type { UnreadCount } from './api/types';

export type TabKey = 'user' | 'project' | 'projects';

export interface NotificationTab {
  key: TabKey;
  label: string;
  /** The group listed ('user' or 'project:{id}'); the Projects tab lists counts instead. */
  group: string | undefined;
  unread: number;
}

/** SPEC.md section 2: the user's tab is '@username', else the first name, else 'Me'. */
export function userTabLabel(user: { username?: string | null; firstName?: string | null }): string {
  const username = user.username?.trim();
  if (username) return `@${username}`;
  const firstName = user.firstName?.trim();
  return firstName || 'Me';
}

/** SPEC.md section 2, word for word: "{name} has {n} notification(s)". */
export function projectCountText(name: string, count: number): string {
  return `${name} has ${count} notification(s)`;
}

function unreadOf(counts: readonly UnreadCount[], group: string): number {
  return counts.find((entry) => entry.group === group)?.count ?? 0;
}

/** The projects with unread notifications, for the Projects tab. */
export function projectCounts(counts: readonly UnreadCount[]): (UnreadCount & { projectId: string })[] {
  return counts.filter(
    (entry): entry is UnreadCount & { projectId: string } =>
      entry.group.startsWith('project:') && entry.projectId !== null && entry.count > 0,
  );
}

/**
 * The panel's tabs (SPEC.md section 2): the user's own, the current project's (only with one), and
 * Projects, the unread counts of every project.
 */
export function notificationTabs(options: {
  user: { username?: string | null; firstName?: string | null };
  project: { id: string; name: string } | undefined;
  counts: readonly UnreadCount[];
}): NotificationTab[] {
  const { user, project, counts } = options;
  const tabs: NotificationTab[] = [
    {
      key: 'user',
      label: userTabLabel(user),
      group: NOTIFICATION_GROUP_USER,
      unread: unreadOf(counts, NOTIFICATION_GROUP_USER),
    },
  ];
  if (project) {
    const group = projectGroup(project.id);
    tabs.push({ key: 'project', label: project.name, group, unread: unreadOf(counts, group) });
  }
  const projects = projectCounts(counts).reduce((sum, entry) => sum + entry.count, 0);
  tabs.push({ key: 'projects', label: 'Projects', group: undefined, unread: projects });
  return tabs;
}
