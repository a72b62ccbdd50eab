import { useCallback, useSyncExternalStore } from 'react';

/**
 * SPEC.md "Theme": light or dark (the dark one is the cloudDark token set), stored under the
 * key 'theme' in local storage. The tokens live in src/styles/index.css; public/theme-init.js
 * applies the same rule before first paint, so keep the two in step.
 */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'theme';

/** Which SPEC.md token set each theme applies on top of `base`. */
export const THEME_TOKEN_SETS: Record<Theme, 'cloudLight' | 'cloudDark'> = { light: 'cloudLight', dark: 'cloudDark' };

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The theme the user chose, or null when they never chose (or storage is unavailable). */
export function getStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** Before any choice the console follows the system's colour scheme. */
function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** The theme in effect: what <html data-theme> says, else the stored choice, else the system's. */
export function getTheme(): Theme {
  const applied = document.documentElement.getAttribute('data-theme');
  return isTheme(applied) ? applied : (getStoredTheme() ?? systemTheme());
}

const listeners = new Set<() => void>();

/** Stores the choice and applies it at once. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage; the theme still applies for this page.
  }
  document.documentElement.setAttribute('data-theme', theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const theme = isTheme(event.newValue) ? event.newValue : systemTheme();
    document.documentElement.setAttribute('data-theme', theme);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'light' as const);
  const toggleTheme = useCallback(() => setTheme(getTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}
