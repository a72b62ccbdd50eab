import { useEffect, useState } from 'react';
import { BELL_SHAKE_MS } from './constants';

/** Whether the unread count rose: not on the first count known (the first load), nor when it falls. */
export function unreadRose(previous: number | undefined, next: number | undefined): boolean {
  return previous !== undefined && next !== undefined && next > previous;
}

/** What a screen reader hears when new notifications arrive. */
export function riseAnnouncement(total: number): string {
  return `New notifications: ${total} unread.`;
}

/**
 * SPEC.md section 4: when the unread count rises the bell shakes for 12 seconds (a new rise starts
 * the 12 seconds again). The shake is CSS that only runs without prefers-reduced-motion; the
 * announcement is made either way.
 */
export function useBellShake(total: number | undefined): { shaking: boolean; announcement: string } {
  const [previous, setPrevious] = useState(total);
  const [rises, setRises] = useState(0);
  const [shaking, setShaking] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (total !== previous) {
    setPrevious(total);
    if (unreadRose(previous, total) && total !== undefined) {
      setRises((n) => n + 1);
      setShaking(true);
      setAnnouncement(riseAnnouncement(total));
    }
  }

  useEffect(() => {
    if (!shaking) return;
    const timer = setTimeout(() => setShaking(false), BELL_SHAKE_MS);
    return () => clearTimeout(timer);
  }, [shaking, rises]);

  return { shaking, announcement };
}
