import { useEffect, useMemo } from 'react';
import { Loading } from '../../../ui/Loading';
import { notificationDestination, type NotificationDestination } from '../action';
import { flattenPages } from '../api/cache';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotificationList } from '../api/notification-list';
import { useReadNotification } from '../api/read-notification';
import type { AppNotification } from '../api/types';
import { SEEN_DELAY_MS } from '../constants';
import { useMarksStore, useNotificationMarks } from '../local-marks';
import { useSlidingWindow } from '../use-sliding-window';
import { NotificationItem } from './NotificationItem';

export interface NotificationListProps {
  /** 'user' or 'project:{id}'. */
  group: string;
  /** What an empty tab says. */
  empty: string;
  /** A route action was followed in this tab: the panel closes. */
  onNavigate: (destination: Extract<NotificationDestination, { kind: 'route' }>) => void;
}

/**
 * One tab's notifications: a window of 20 over the pages loaded, sliding as the list scrolls and
 * loading pages as it needs them (SPEC.md section 4), so a tab of thousands never renders or loads
 * them all. Unread ones are seen 300 ms after they show in the open tab.
 */
export function NotificationList({ group, empty, onNavigate }: NotificationListProps) {
  const list = useNotificationList(group);
  const marks = useNotificationMarks();
  const store = useMarksStore();
  const read = useReadNotification();
  const remove = useDeleteNotification();

  const items = useMemo(
    () => flattenPages(list.data).filter((item) => !marks.deleted.has(item.id)),
    [list.data, marks.deleted],
  );
  const { visible, containerRef, onScroll } = useSlidingWindow({
    items,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    loadMore: () => list.fetchNextPage(),
  });

  // SPEC.md section 4: unread items of an open tab are marked seen (locally) 300 ms after it opens.
  const unseen = items
    .filter((item) => !item.readAt && !marks.seen.has(item.id))
    .map((item) => item.id)
    .join(' ');
  useEffect(() => {
    if (!unseen) return;
    const timer = setTimeout(() => store.markSeen(unseen.split(' ')), SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unseen, store]);

  const open = (notification: AppNotification, destination: NotificationDestination) => {
    if (!notification.readAt) read.mutate(notification);
    if (destination.kind === 'route') onNavigate(destination);
  };

  if (list.isPending) {
    return (
      <div className="px-4 py-2">
        <Loading label="Loading notifications…" inCard />
      </div>
    );
  }
  if (items.length === 0) {
    return <p className="px-4 py-10 text-center text-sm text-muted">{empty}</p>;
  }
  return (
    <div
      ref={containerRef}
      onScroll={onScroll}
      data-testid="notification-scroll"
      // The window keeps the content steady itself (use-sliding-window.ts); the browser's own scroll
      // anchoring (Chromium, Firefox) would move it a second time.
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 [overflow-anchor:none]"
    >
      <ul aria-label="Notifications" className="grid gap-1">
        {visible.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            destination={notificationDestination(notification)}
            isNew={!notification.readAt && !marks.seen.has(notification.id)}
            onOpen={open}
            onDelete={(item) => remove.mutate(item)}
          />
        ))}
      </ul>
      {list.isFetchingNextPage && (
        <div className="px-3 py-2">
          <Loading label="Loading more…" inCard />
        </div>
      )}
    </div>
  );
}
