import { useCallback, useSyncExternalStore } from 'react';

/** The breakpoints of SPEC.md section 9 (the same as the theme's `--breakpoint-*`), as media queries. */
export const mediaQueries = {
  xs: '(min-width: 475px)',
  sm: '(min-width: 640px)',
  md: '(min-width: 768px)',
  lg: '(min-width: 1024px)',
  xl: '(min-width: 1280px)',
  '2xl': '(min-width: 1536px)',
} as const;

/**
 * Whether `query` matches now, re-rendering when it changes. Where there is no `matchMedia`
 * (jsdom, old engines) it answers `fallback`, so tests see the wide layout unless they mock it.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, snapshot, () => fallback);
}
