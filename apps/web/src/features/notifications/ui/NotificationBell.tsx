import { NOTIFICATION_GROUP_USER, projectGroup } from '@wharf/contract/shell-constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/Icon';
import { Loading } from '../../../ui/Loading';
import { StandInTrigger, useOverlays } from '../../../ui/StandInTrigger';
import { mediaQueries, useMediaQuery } from '../../../ui/use-media-query';
import { useUser } from '../../accounts/api/session';
import { headerIconButton } from '../../header/header-classes';
import { useShellProject } from '../../header/use-shell-project';
import { totalUnread } from '../api/cache';
import { keepFirstPage } from '../api/notification-list';
import { useUnreadCounts } from '../api/unread';
import { POPOVER_MAX_HEIGHT, POPOVER_WIDTH_PX } from '../constants';
import { useBellShake } from '../use-bell-shake';
import { useOpenFromUrl } from '../use-open-from-url';
import './bell.css';

// Only the bell is needed at first paint; the panel (tabs, the sliding window, the projects tab) loads
// when it first opens, keeping it out of the header every page carries.
const NotificationsPanel = lazy(() => import('./NotificationsPanel').then((m) => ({ default: m.NotificationsPanel })));

/**
 * The header's bell (SPEC.md section 2): the unread count over every group as a badge, a shake when
 * it rises, and the notifications panel in a popover — 420px wide and at most 80vh high on the
 * notification layer, the full width on small screens. `notification=true` in the URL opens it.
 */
export function NotificationBell() {
  const user = useUser();
  const { project } = useShellProject();
  const counts = useUnreadCounts();
  const total = counts ? totalUnread(counts) : undefined;
  const { shaking, announcement } = useBellShake(total);
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery(mediaQueries.sm, true);
  const queryClient = useQueryClient();
  const countId = useId();
  useOpenFromUrl(() => setOpen(true));
  const radix = useOverlays(open);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      // The next opening starts at the top of each list: one page each, not all scrolled through.
      keepFirstPage(queryClient, NOTIFICATION_GROUP_USER);
      if (project) keepFirstPage(queryClient, projectGroup(project.id));
    }
  };

  if (!user) return null;
  const badge = total ?? 0;
  const bell = (
    <button
      type="button"
      aria-label="Notifications"
      aria-describedby={countId}
      data-shaking={shaking || undefined}
      className={cx(headerIconButton, 'notification-bell relative')}
    >
      <Icon name="bell" size={20} />
      {badge > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute top-1 right-0.5 min-w-[1.125rem] rounded-full bg-danger px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white"
        >
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </button>
  );
  const status = (
    <>
      <span id={countId} className="sr-only">
        {badge === 1 ? '1 unread notification' : `${badge} unread notifications`}
      </span>
      {/* A live region rather than role=status: it is always there, and pages have statuses of their own. */}
      <span aria-live="polite" aria-atomic="true" data-testid="notification-announcement" className="sr-only">
        {announcement}
      </span>
    </>
  );
  if (!radix) {
    return (
      <>
        <StandInTrigger trigger={bell} opens="dialog" open={open} onOpen={() => setOpen(true)} />
        {status}
      </>
    );
  }
  const { Popover } = radix;
  // The same shape as above (the trigger's part, then the status), so the live region stays put.
  return (
    <>
      <Popover.Root open={open} onOpenChange={changeOpen}>
        <Popover.Trigger asChild>{bell}</Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            aria-label="Notifications"
            align="end"
            sideOffset={wide ? 8 : 4}
            collisionPadding={wide ? 8 : 0}
            onOpenAutoFocus={(event) => {
              // The open tab takes the focus (arrow keys move on), rather than the first button.
              const tab = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
                '[role="tab"][aria-selected="true"]',
              );
              if (tab) {
                event.preventDefault();
                tab.focus();
              }
            }}
            style={{
              width: wide ? `${POPOVER_WIDTH_PX}px` : '100vw',
              maxWidth: '100vw',
              maxHeight: `min(${POPOVER_MAX_HEIGHT}, var(--radix-popover-content-available-height, 100vh))`,
            }}
            className={cx(
              'z-notification flex flex-col overflow-hidden border-border bg-surface text-text shadow-lg outline-none motion-safe:animate-dropdown-in',
              wide ? 'rounded-xl border' : 'border-y',
            )}
          >
            <Suspense fallback={<Loading label="Loading notifications" />}>
              <NotificationsPanel
                user={user}
                project={project}
                counts={counts ?? []}
                onClose={() => changeOpen(false)}
              />
            </Suspense>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {status}
    </>
  );
}
