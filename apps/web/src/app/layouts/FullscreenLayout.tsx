import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUser } from '../../features/accounts/api/session';
import { BottomNavBar } from '../../shell/BottomNavBar';
import { PlatformLogo } from '../../shell/PlatformLogo';
import { cx } from '../../ui/cx';
import { pathOf } from '../navigation';
import { ShellSidebarMenu, SkipLink, useShellMenu } from './chrome';

/**
 * The whole window for the page (SPEC.md section 2): no header, no footer; with an active user a
 * 220px sidebar from the lg breakpoint (its logo on top) and the bottom nav bar under it.
 */
export function FullscreenLayout({ children }: { children: ReactNode }) {
  const user = useUser();
  const menu = useShellMenu();
  const withMenu = Boolean(user);
  return (
    <div className="min-h-dvh">
      <SkipLink />
      {withMenu && (
        <>
          <aside className="fixed inset-y-0 left-0 z-sidebar hidden w-[220px] flex-col border-r border-border bg-surface lg:flex print:hidden">
            <Link to={pathOf('home')} className="flex h-16 shrink-0 items-center border-b border-border px-4">
              <PlatformLogo className="h-8" />
            </Link>
            <ShellSidebarMenu menu={menu} />
          </aside>
          <BottomNavBar entries={menu.entries} project={menu.shell.project?.id} />
        </>
      )}
      <main
        id="content"
        className={cx(
          'flex min-h-dvh flex-col items-center justify-center px-4 py-10 sm:px-6',
          withMenu && 'pb-[calc(3rem+2.5rem+env(safe-area-inset-bottom))] lg:pb-10 lg:pl-[calc(220px+1.5rem)]',
        )}
      >
        {children}
      </main>
    </div>
  );
}
