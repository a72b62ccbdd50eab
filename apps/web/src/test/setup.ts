import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy chunks: a first load can take more than a second when every test file runs at once.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout, so no scrolling; the router restores scroll positions on navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.title = '';
});
