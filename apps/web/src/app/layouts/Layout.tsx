import type { ReactNode } from 'react';
import type { LayoutName } from '../routes';
import { BlankLayout } from './BlankLayout';

/** Frames a page in the layout its route asks for (SPEC.md section 2 "Shell"). */
export function Layout({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  switch (layout) {
    case 'blank':
      return <BlankLayout>{children}</BlankLayout>;
    // The console-shell issue builds these (header 4rem, sidebar 220px, mail 520px, …). Until then
    // their pages render in the blank layout, so every route already shows.
    case 'fullscreen':
    case 'mail':
    case 'print':
    case 'standard':
    case 'tool':
      return <BlankLayout>{children}</BlankLayout>;
  }
}
