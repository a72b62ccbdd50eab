import { afterNextPaint, nextTask } from './scheduling';

/**
 * The page's entry: the browser shows index.html's loading screen first, then the console's code
 * (React, the router, our boot: some 400 KB) is evaluated. Evaluated at once, that code ran before
 * the first paint whenever it had arrived by then, so the loading screen waited on all of it.
 * Its download is not held back: index.html preloads it (build/deferred-boot.ts).
 */

/** Never wait longer than this for the loading screen to be reported painted. */
const PAINT_WAIT_MS = 200;

function afterFirstPaint(): Promise<void> {
  // A page opened in the background paints nothing (and runs no animation frames) until shown.
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, PAINT_WAIT_MS);
    let observer: PerformanceObserver | undefined;
    function done() {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    }
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // Reported once the frame is on screen, which can be a while after the main thread painted it.
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      afterNextPaint(done);
    }
  });
}

// React first (its own chunk, build/chunking.ts), then the console, which finds it evaluated.
void afterFirstPaint()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./main'));

// A module (the tests import it), with nothing to share.
export {};
