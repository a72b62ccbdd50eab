import type { ReactNode } from 'react';

/** Paper is white: whatever the theme on screen, a printout uses the light colours and no page background. */
const PRINT_STYLES = `
@media print {
  @page { margin: 1.5cm; }
  html, body { background: #fff !important; color: #000 !important; }
  html[data-theme='dark'] { color-scheme: light; }
  a { color: inherit; text-decoration: underline; }
}`;

/** A page made for printing (an invoice, a statement): no chrome at all, a readable column on screen. */
export function PrintLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style>{PRINT_STYLES}</style>
      <main
        id="content"
        className="mx-auto w-full max-w-4xl bg-surface px-4 py-8 sm:px-8 print:max-w-none print:bg-transparent print:p-0 print:shadow-none"
      >
        {children}
      </main>
    </>
  );
}
