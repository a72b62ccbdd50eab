import { useState, type ReactNode } from 'react';
import { formatDayAndTime, relativeTime } from '../format';

export interface RelativeTimeProps {
  iso: string;
  /** What "now" is for the relative text (a list renders all its rows against one). */
  now?: number;
  /** The text to show instead of the relative one ("12 Jan 2026"); the hover still gives the full time. */
  children?: ReactNode;
  className?: string;
}

/**
 * A moment as "2 hours ago", with its full date and time on hover. The full text is made when the
 * pointer comes over it, not as the list renders: the first date-and-time formatter builds the
 * browser's calendar data, some 80 ms of the dashboard's first load under Lighthouse's 4× slower CPU
 * (bench/profile-dashboard.mjs), for a tooltip few people ever open.
 */
export function RelativeTime({ iso, now, children, className }: RelativeTimeProps) {
  const [full, setFull] = useState<string>();
  return (
    <time dateTime={iso} className={className} title={full} onPointerEnter={() => setFull(formatDayAndTime(iso))}>
      {children ?? relativeTime(iso, now)}
    </time>
  );
}
