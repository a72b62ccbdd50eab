import { useState, type CSSProperties, type ReactNode } from 'react';
import { useUser } from '../../features/accounts/api/session';
import { ANNOUNCEMENT_HEIGHT, AnnouncementBar, projectAnnouncements } from '../../features/header/AnnouncementBar';
import { Header } from '../../features/header/Header';
import { PushPrompt } from '../../features/notifications/push/PushPrompt';
import { TermsGate } from '../../features/terms/TermsGate';
import { BottomNavBar } from '../../shell/BottomNavBar';
import { cx } from '../../ui/cx';
import { MenuDrawer, ShellSidebarMenu, SkipLink, SubFooter, useShellMenu } from './chrome';

/** SPEC.md section 9: the header is 4rem high. */
const HEADER_HEIGHT = '4rem';

/**
 * The console's frame (SPEC.md sections 2 and 9): an announcement bar (40px, one item) over a fixed
 * 4rem header; a fixed 220px sidebar from the lg breakpoint, a drawer and a bottom nav bar under it;
 * the content offset to clear them; and a sub-footer (the `tool` layout has none).
 */
export function StandardLayout({ children, subFooter = true }: { children: ReactNode; subFooter?: boolean }) {
  const user = useUser();
  const menu = useShellMenu();
  const [drawer, setDrawer] = useState(false);
  const { project } = menu.shell;
  const announcements = user ? projectAnnouncements(project) : [];
  const chromeTop = announcements.length > 0 ? `calc(${HEADER_HEIGHT} + ${ANNOUNCEMENT_HEIGHT})` : HEADER_HEIGHT;
  const withMenu = Boolean(user);

  return (
    <div style={{ '--chrome-top': chromeTop } as CSSProperties} className="min-h-dvh">
      <SkipLink />
      <div className="fixed inset-x-0 top-0 z-header print:static">
        <AnnouncementBar items={announcements} project={project?.id} />
        <Header onOpenMenu={withMenu ? () => setDrawer(true) : undefined} menuOpen={drawer} />
      </div>
      {withMenu && (
        <>
          <aside className="fixed bottom-0 left-0 top-(--chrome-top) z-sidebar hidden w-[220px] flex-col border-r border-border bg-surface lg:flex print:hidden">
            <ShellSidebarMenu menu={menu} />
          </aside>
          <MenuDrawer menu={menu} open={drawer} onOpenChange={setDrawer} />
        </>
      )}
      <div
        className={cx(
          'flex min-h-dvh flex-col pt-(--chrome-top) print:pt-0',
          withMenu && 'pb-[calc(3rem+env(safe-area-inset-bottom))] lg:pb-0 lg:pl-[220px] print:p-0',
        )}
      >
        <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
        {subFooter && <SubFooter />}
      </div>
      {withMenu && <BottomNavBar entries={menu.entries} project={project?.id} />}
      {user && (
        <>
          <PushPrompt user={user} />
          <TermsGate user={user} />
        </>
      )}
    </div>
  );
}
