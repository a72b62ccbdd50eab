import type { MouseEvent, ReactNode } from 'react';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/Icon';
import { relativeTime } from '../../access/members/format';
import type { NotificationDestination } from '../action';
import type { AppNotification } from '../api/types';

export interface NotificationItemProps {
  notification: AppNotification;
  destination: NotificationDestination;
  /** Unread and not yet seen in an open tab: highlighted. */
  isNew: boolean;
  onOpen: (notification: AppNotification, destination: NotificationDestination) => void;
  onDelete: (notification: AppNotification) => void;
}

const mainClasses =
  'flex min-w-0 flex-1 items-start gap-3 rounded-md px-3 py-2.5 text-left outline-none hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus';

/** A click the browser should handle itself (a new tab or window from a modified click). */
function isModified(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * One notification (SPEC.md section 3): its image, title, body and time, the time in the primary
 * colour while unread. A click marks it read and follows its action; a small button deletes it.
 */
export function NotificationItem({ notification, destination, isNew, onOpen, onDelete }: NotificationItemProps) {
  const unread = !notification.readAt;
  const content: ReactNode = (
    <>
      {notification.image ? (
        <img src={notification.image} alt="" className="size-10 shrink-0 rounded-md bg-surface-raised object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-md bg-surface-raised text-muted"
        >
          <Icon name="bell" size={18} />
        </span>
      )}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cx('text-sm break-words text-text', unread && 'font-semibold')}>{notification.title}</span>
        {notification.body && <span className="line-clamp-3 text-sm break-words text-muted">{notification.body}</span>}
        <span className="flex items-center gap-1.5 text-xs">
          <time dateTime={notification.createdAt} className={unread ? 'font-medium text-primary' : 'text-muted'}>
            {relativeTime(notification.createdAt)}
          </time>
          {unread && <span className="sr-only">Unread</span>}
        </span>
      </span>
      {isNew && <span aria-hidden="true" data-new="" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />}
    </>
  );

  let main: ReactNode;
  if (destination.kind === 'route') {
    main = (
      <a
        href={destination.href}
        className={mainClasses}
        onClick={(event) => {
          if (isModified(event)) {
            if (unread) onOpen(notification, { kind: 'none' });
            return;
          }
          event.preventDefault();
          onOpen(notification, destination);
        }}
      >
        {content}
      </a>
    );
  } else if (destination.kind === 'new-tab') {
    main = (
      <a
        href={destination.href}
        target="_blank"
        rel="noopener"
        className={mainClasses}
        onClick={() => onOpen(notification, destination)}
      >
        {content}
      </a>
    );
  } else {
    main = (
      <button type="button" className={mainClasses} onClick={() => onOpen(notification, destination)}>
        {content}
      </button>
    );
  }

  return (
    <li
      data-window-item={notification.id}
      data-unread={unread || undefined}
      className={cx('flex items-start gap-1 rounded-lg', isNew && 'bg-primary-soft')}
    >
      {main}
      <button
        type="button"
        aria-label="Delete notification"
        onClick={() => onDelete(notification)}
        className="mt-2 mr-1 grid size-8 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-danger"
      >
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}
