import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getSnapshot, subscribe } from './toasts';

const ToastHost = lazy(() => import('./ToastHost').then((m) => ({ default: m.ToastHost })));

/** Whether any queue holds a toast: once one has, the host stays (its exit transitions need it). */
let needed = false;
function anyQueued(): boolean {
  needed ||= getSnapshot('nudge').length + getSnapshot('shove').length + getSnapshot('announcement').length > 0;
  return needed;
}

/**
 * The toast queues' host, loaded with the first toast rather than with every page: the queues'
 * components (swipe physics, progress bars) are not needed to paint a page, and the entry chunk
 * every visit pays for stays smaller. The store itself is tiny and always there.
 */
export function DeferredToastHost() {
  const wanted = useSyncExternalStore(subscribe, anyQueued, anyQueued);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
