import type { ReactNode } from 'react';
import { Header } from '../../features/header/Header';
import { SkipLink } from './chrome';

/** SPEC.md section 9: the mail layout's content is 520px wide. */
export const MAIL_CONTENT_WIDTH = 520;

/**
 * A mail-like page (SPEC.md section 2): one 520px column under a header laid over the page
 * (transparent, not fixed) rather than above it.
 */
export function MailLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative min-h-dvh">
      <SkipLink />
      <Header variant="overlay" className="absolute inset-x-0 top-0 z-header" />
      <main id="content" className="mx-auto w-full max-w-[520px] px-4 pt-20 pb-10">
        {children}
      </main>
    </div>
  );
}
