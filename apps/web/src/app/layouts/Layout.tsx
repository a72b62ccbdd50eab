import type { ReactNode } from 'react';
import type { LayoutName } from '../routes';
import { AccountLayout } from './AccountLayout';
import { BlankLayout } from './BlankLayout';

/** Frames a page in the layout its route asks for (SPEC.md section 2 "Shell"). */
export function Layout({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  switch (layout) {
    case 'blank':
      return <BlankLayout>{children}</BlankLayout>;
    // The account pages are the only standard pages so far; their frame (header, side nav) is the
    // start of the standard layout, which the console-shell issue completes (announcement,
    // project menus, sidebar entries of SPEC.md section 2).
    case 'standard':
    case 'tool':
      return <AccountLayout>{children}</AccountLayout>;
    // Built by the console-shell issue (fullscreen's sidebar, mail 520px, print); until then
    // their pages render in the blank layout, so every route already shows.
    case 'fullscreen':
    case 'mail':
    case 'print':
      return <BlankLayout>{children}</BlankLayout>;
  }
}
