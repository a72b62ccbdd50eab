import { Link } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import type { UnreadCount } from '../api/types';
import { projectCountText, projectCounts } from '../tabs';
import { useSwitchTarget } from '../use-switch-target';

/**
 * The Projects tab (SPEC.md section 2): each project with unread notifications and how many, linking
 * to projects.switch for it with the panel open on arrival.
 */
export function ProjectsTab({ counts, onChoose }: { counts: readonly UnreadCount[]; onChoose: () => void }) {
  const redirectUri = useSwitchTarget();
  const projects = projectCounts(counts);
  if (projects.length === 0) {
    return <p className="px-4 py-10 text-center text-sm text-muted">You&apos;re all caught up</p>;
  }
  return (
    <ul className="grid min-h-0 flex-1 gap-1 overflow-y-auto overscroll-contain p-2">
      {projects.map((entry) => (
        <li key={entry.group}>
          <Link
            to={pathOf('projects.switch')}
            search={{
              project: entry.projectId,
              ...(redirectUri ? { redirect_uri: redirectUri } : {}),
              // `true` itself: the router would quote the text 'true' (notification=%22true%22).
              notification: true as unknown as string,
            }}
            onClick={onChoose}
            className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm text-text hover:bg-surface-raised"
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
            >
              {entry.count > 99 ? '99+' : entry.count}
            </span>
            <span className="min-w-0 flex-1 break-words">
              {projectCountText(entry.projectName ?? 'A project', entry.count)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
