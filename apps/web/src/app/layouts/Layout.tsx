import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../../shell/LoadingScreen';
import type { LayoutName } from '../routes';
import { BlankLayout } from './BlankLayout';

// Every frame but the blank one is its own chunk: the sign-in pages (blank) must not load the
// header, menus, dropdowns and dialogs they never show (first-page budget: 150 KB of JavaScript).
const frames = {
  standard: () => import('./StandardLayout').then((m) => ({ default: m.StandardLayout })),
  fullscreen: () => import('./FullscreenLayout').then((m) => ({ default: m.FullscreenLayout })),
  mail: () => import('./MailLayout').then((m) => ({ default: m.MailLayout })),
  print: () => import('./PrintLayout').then((m) => ({ default: m.PrintLayout })),
};
const StandardLayout = lazy(frames.standard);
const FullscreenLayout = lazy(frames.fullscreen);
const MailLayout = lazy(frames.mail);
const PrintLayout = lazy(frames.print);

/**
 * Starts loading a layout's chunk (the router calls it as a navigation begins, so the frame arrives
 * alongside the page's data instead of after it). Loading twice is free: modules load once.
 */
export function preloadLayout(layout: LayoutName): void {
  if (layout === 'blank') return;
  void frames[layout === 'tool' ? 'standard' : layout]();
}

/** Frames a page in the layout its route asks for (SPEC.md section 2 "Shell"). */
export function Layout({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  if (layout === 'blank') return <BlankLayout>{children}</BlankLayout>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <FirstInTransition>
        <Frame layout={layout}>{children}</Frame>
      </FirstInTransition>
    </Suspense>
  );
}

/** Whether this page has shown a frame yet. */
let framed = false;

/**
 * The page's first frame is rendered in a transition, behind the loading screen the page opened
 * with. The router publishes a page through external stores, which React renders in one blocking
 * task: for the first page, frame and all, some 120 ms of a slow phone's main thread during which
 * nothing answers a tap. A transition renders in slices between which the browser stays responsive,
 * and (unlike a lazy frame's Suspense fallback, which React keeps up for at least 300 ms once shown)
 * shows the page as soon as it is rendered. Frames after the first, on later navigations, render at
 * once: the page they replace is on screen meanwhile.
 */
export function FirstInTransition({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(framed);
  useEffect(() => {
    framed = true;
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready ? children : <LoadingScreen />;
}

function Frame({ layout, children }: { layout: Exclude<LayoutName, 'blank'>; children: ReactNode }) {
  switch (layout) {
    case 'standard':
      return <StandardLayout>{children}</StandardLayout>;
    // The standard frame without the sub-footer: pages that are tools fill the window's height.
    case 'tool':
      return <StandardLayout subFooter={false}>{children}</StandardLayout>;
    case 'fullscreen':
      return <FullscreenLayout>{children}</FullscreenLayout>;
    case 'mail':
      return <MailLayout>{children}</MailLayout>;
    case 'print':
      return <PrintLayout>{children}</PrintLayout>;
  }
}
