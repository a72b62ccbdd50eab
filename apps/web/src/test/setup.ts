import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { overlays } from '../ui/overlays';

// Pages are lazy chunks: a first load can take more than a second when every test file runs at once.
configure({ asyncUtilTimeout: 10_000 });

// In the browser Radix comes on intent or on a popup's first opening (ui/overlays.ts); tests of
// what popups and dropdowns do start with it there. The stand-in phase has its own tests (ui/StandInTrigger.test.tsx).
beforeAll(async () => {
  await overlays.load();
});

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
