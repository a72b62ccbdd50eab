import type { ReactNode } from 'react';
import type { LayoutName } from '../routes';
import { BlankLayout } from './BlankLayout';
import { FullscreenLayout } from './FullscreenLayout';
import { MailLayout } from './MailLayout';
import { PrintLayout } from './PrintLayout';
import { StandardLayout } from './StandardLayout';

/** Frames a page in the layout its route asks for (SPEC.md section 2 "Shell"). */
export function Layout({ layout, children }: { layout: LayoutName; children: ReactNode }) {
  switch (layout) {
    case 'blank':
      return <BlankLayout>{children}</BlankLayout>;
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
