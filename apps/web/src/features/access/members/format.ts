import { formatDate, formatDateTime } from '../../../ui/dates';
import { firstUse } from '../../../ui/first-use';
import { displayName, emailAddsToName } from '../../accounts/api/session';

// The console's one date format (ui/dates.ts).
export function formatDay(iso: string): string {
  return formatDate(iso);
}

export function formatDayAndTime(iso: string): string {
  return formatDateTime(iso);
}

/** The console's words are English, so the relative phrases are too ("in 6 days", "2 days ago"). */
const relative = firstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `iso` relative to `now`, in the largest unit that fits: "in 6 days", "2 hours ago", "in 5 minutes". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const size = Math.abs(diff);
  if (size >= DAY) return relative().format(Math.round(diff / DAY), 'day');
  if (size >= HOUR) return relative().format(Math.round(diff / HOUR), 'hour');
  if (size < MINUTE) return diff >= 0 ? 'in less than a minute' : 'just now';
  return relative().format(Math.round(diff / MINUTE), 'minute');
}

interface Named {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  email: string;
}

/** How a member is called in the console: their name, else username, else email. */
export function memberName(user: Named): string {
  return displayName(user);
}

export { emailAddsToName };

/** A member in one line: "Carol Smith (carol@example.com)", or only "carol@example.com" when that is all there is. */
export function memberLabel(user: Named): string {
  return emailAddsToName(user) ? `${memberName(user)} (${user.email})` : user.email;
}
