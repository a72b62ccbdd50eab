import { useEffect, useSyncExternalStore } from 'react';
import { POLL_HIDDEN_MS, POLL_VISIBLE_MS } from './constants';

/** SPEC.md section 7: notifications poll every 10 s while the page is visible, every 5 min otherwise. */
export function pollInterval(visibility: DocumentVisibilityState): number {
  return visibility === 'visible' ? POLL_VISIBLE_MS : POLL_HIDDEN_MS;
}

function subscribe(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/**
 * The page's visibility, re-rendering when it changes: a query whose `refetchInterval` reads it gets
 * its new interval at once, rather than after the next fetch.
 */
export function usePageVisibility(): DocumentVisibilityState {
  return useSyncExternalStore(
    subscribe,
    () => document.visibilityState,
    () => 'visible' as const,
  );
}

/** SPEC.md section 7: the poll also runs at once when the page becomes visible again. */
export function useRefetchWhenVisible(refetch: () => unknown, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onChange = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [refetch, enabled]);
}

/**
 * The query options of a poll: every 10 s or 5 min by visibility, in the background too (the
 * hidden page's 5 min poll), and not again on focus (the visibility listener does that).
 */
export function usePollOptions(enabled: boolean) {
  const visibility = usePageVisibility();
  return {
    refetchInterval: () => (enabled ? pollInterval(visibility) : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  } as const;
}
