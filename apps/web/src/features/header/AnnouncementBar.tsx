import { useState } from 'react';
import { bySeverity, ErrorObject, errorLevel, levelClasses, type ErrorObjectValue } from '../../shell/ErrorObject';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import type { Project } from '../projects/api/projects';

/** SPEC.md section 9: the demo plan's code. */
export const DEMO_PLAN = 'demo';

/** The demo plan's announcement (SPEC.md section 2). */
export const DEMO_ANNOUNCEMENT: ErrorObjectValue = {
  code: 'DEMO_PLAN',
  message: 'Project is in demo mode.',
  level: 'info',
};

/** What the bar has to say about a project: its billing flags, most pressing first, then the demo plan. */
export function projectAnnouncements(project: Pick<Project, 'billing'> | undefined): ErrorObjectValue[] {
  if (!project) return [];
  const items: ErrorObjectValue[] = bySeverity(project.billing.flags);
  if (project.billing.plan.code === DEMO_PLAN) items.push(DEMO_ANNOUNCEMENT);
  return items;
}

/** SPEC.md section 9: the announcement bar is 40px high. */
export const ANNOUNCEMENT_HEIGHT = '40px';

/**
 * The announcement bar over the header (SPEC.md sections 2 and 9): 40px, one item at a time in its
 * level's colours with its actions; a button steps through the others when there are more.
 */
export function AnnouncementBar({ items, project }: { items: ErrorObjectValue[]; project: string | undefined }) {
  const [index, setIndex] = useState(0);
  if (items.length === 0) return null;
  const shown = items[index % items.length] ?? items[0]!;
  const level = errorLevel(shown);
  return (
    <section
      aria-label="Announcements"
      className={cx('flex h-10 items-center gap-3 px-3 sm:px-4 print:hidden', levelClasses[level])}
    >
      <ErrorObject error={shown} project={project} variant="inline" className="min-w-0 flex-1 justify-center" />
      {items.length > 1 && (
        <button
          type="button"
          onClick={() => setIndex((now) => (now + 1) % items.length)}
          aria-label={`Next announcement (${(index % items.length) + 1} of ${items.length})`}
          className="flex shrink-0 items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium hover:bg-black/5"
        >
          {(index % items.length) + 1}/{items.length}
          <Icon name="chevron-right" size={14} />
        </button>
      )}
    </section>
  );
}
