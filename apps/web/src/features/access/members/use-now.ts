import { useEffect, useState } from 'react';

/** The time, moving on every `interval` ms: relative times ("in 6 days") stay true on an open page. */
export function useNow(interval = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return now;
}
