import { useUser } from '../accounts/api/session';
import { totalUnread } from './api/cache';
import { useUnreadPoll } from './api/unread';

/**
 * The signed-in user's unread notifications over every group, polled (SPEC.md section 7); 0 for a
 * visitor. The root calls it once for the page title; the bell reads the same counts.
 */
export function useUnreadTotal(): number {
  const user = useUser();
  const counts = useUnreadPoll(Boolean(user));
  return user ? totalUnread(counts) : 0;
}
