import { NotificationBell } from '../notifications/ui/NotificationBell';

/** The header's notifications bell (SPEC.md section 2 "Notifications panel"): features/notifications. */
export function HeaderBell() {
  return <NotificationBell />;
}
