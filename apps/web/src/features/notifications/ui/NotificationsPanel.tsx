import type { User } from '@wharf/contract';
import { useId, useState } from 'react';
import { useNavigateByName } from '../../../app/navigation';
import { Button } from '../../../ui/Button';
import type { Project } from '../../projects/api/projects';
import type { NotificationDestination } from '../action';
import { useReadAllNotifications } from '../api/read-all-notifications';
import type { UnreadCount } from '../api/types';
import { notificationTabs, type TabKey } from '../tabs';
import { NotificationList } from './NotificationList';
import { NotificationTabs, tabId } from './NotificationTabs';
import { ProjectsTab } from './ProjectsTab';

export interface NotificationsPanelProps {
  user: User;
  /** The current project, when there is one (its tab shows only then). */
  project: Project | undefined;
  counts: readonly UnreadCount[];
  onClose: () => void;
}

/**
 * The notifications panel (SPEC.md section 2): the user's tab, the current project's tab and
 * Projects; 'Mark all as read' for the open tab's group. Opens on the current project's tab when
 * there is one.
 */
export function NotificationsPanel({ user, project, counts, onClose }: NotificationsPanelProps) {
  const idBase = useId();
  const panelId = `${idBase}-panel`;
  // Until a tab is chosen, the current project's (which may load after the panel opened).
  const [chosen, setChosen] = useState<TabKey | null>(null);
  const tabs = notificationTabs({ user, project, counts });
  const tab = tabs.find((t) => t.key === (chosen ?? (project ? 'project' : 'user'))) ?? tabs[0]!;
  const readAll = useReadAllNotifications();
  const navigateByName = useNavigateByName();

  const follow = (destination: Extract<NotificationDestination, { kind: 'route' }>) => {
    onClose();
    void navigateByName(destination.name, { params: destination.params, search: destination.search });
  };

  return (
    <div className="flex max-h-[inherit] min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center justify-between gap-2 px-4 pt-3 pb-1">
        <h2 className="text-base font-semibold">Notifications</h2>
        {tab.group && (
          <Button
            variant="ghost"
            size="small"
            className="text-primary!"
            disabled={tab.unread === 0 || readAll.isPending}
            onClick={() => tab.group && readAll.mutate(tab.group)}
          >
            Mark all as read
          </Button>
        )}
      </div>
      <NotificationTabs tabs={tabs} active={tab.key} onChange={setChosen} idBase={idBase} panelId={panelId} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(idBase, tab.key)}
        className="flex min-h-0 flex-1 flex-col"
      >
        {tab.group ? (
          <NotificationList
            key={tab.group}
            group={tab.group}
            empty={tab.key === 'user' ? 'No notifications yet.' : `No notifications for ${tab.label}.`}
            onNavigate={follow}
          />
        ) : (
          <ProjectsTab counts={counts} onChoose={onClose} />
        )}
      </div>
    </div>
  );
}
