import { ANNOUNCEMENT_HEIGHT_PX, ANNOUNCEMENT_VISIBLE_ITEMS } from './constants';
import { ActionButton, CloseButton, levelTone, roleFor } from './parts';
import { dismiss, useToasts } from './toasts';
import { AnnouncementBar } from '../header/AnnouncementBar';
import { cx } from '../../ui/cx';

/**
 * Queued announcements (SPEC.md sections 4 and 9): one at a time in the 40px announcement bar the
 * header uses, over the page; dismissing it shows the next.
 */
export function AnnouncementQueue() {
  const [current] = useToasts('announcement').slice(0, ANNOUNCEMENT_VISIBLE_ITEMS);
  if (!current) return null;
  const message = current.title ? `${current.title}: ${current.message}` : current.message;
  const done = () => dismiss(current.id);
  return (
    <div
      role={roleFor(current.level)}
      style={{ height: `${ANNOUNCEMENT_HEIGHT_PX}px` }}
      className={cx('fixed inset-x-0 top-0 z-notification flex items-center print:hidden', levelTone(current.level))}
    >
      <div className="min-w-0 flex-1">
        <AnnouncementBar
          key={current.id}
          items={[{ code: 'ANNOUNCEMENT', message, level: current.level }]}
          project={undefined}
        />
      </div>
      <div className="flex shrink-0 items-center gap-1 pr-2 text-sm">
        {current.action && <ActionButton action={current.action} onDone={done} />}
        <CloseButton label="Dismiss announcement" onClick={done} />
      </div>
    </div>
  );
}
