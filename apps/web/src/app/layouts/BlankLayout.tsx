import type { ReactNode } from 'react';

/** No chrome: the page, centred, over the full height of the window (login, welcome, errors). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh w-full flex-col items-center justify-center px-4 py-10 sm:px-6">{children}</main>
  );
}
