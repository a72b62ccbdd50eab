import { lazy, Suspense, type ReactNode } from 'react';
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
      <Frame layout={layout}>{children}</Frame>
    </Suspense>
  );
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
