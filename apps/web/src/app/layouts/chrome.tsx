import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUser } from '../../features/accounts/api/session';
import { useShellProject, type ShellProject } from '../../features/header/use-shell-project';
import { useAccountMenu, useProjectMenu } from '../../features/menu/use-shell-menu';
import type { MenuEntry } from '../../features/menu/menu-store';
import { ProjectAvatar } from '../../features/projects/ui/ProjectAvatar';
import { SidebarMenu } from '../../shell/Sidebar';
import { PlatformLogo } from '../../shell/PlatformLogo';
import { useDeferredModule } from '../../ui/deferred-module';
import { Icon } from '../../ui/Icon';
import { overlays } from '../../ui/overlays';
import { usePlatform } from '../platform';
import { pathOf, routeExists } from '../navigation';
import { useRouteMeta } from '../route-meta';

export interface ShellMenu {
  /** `account` on the account area's pages (routes that never take a project), else `project`. */
  area: 'account' | 'project';
  entries: MenuEntry[];
  shell: ShellProject;
}

/**
 * The menu the chrome shows on this page: the account side menu in the account area (SPEC.md
 * section 2), else the project menu.
 */
export function useShellMenu(): ShellMenu {
  const meta = useRouteMeta();
  const shell = useShellProject();
  const account = useAccountMenu();
  const project = useProjectMenu(shell);
  const area = meta.project === 'never' ? 'account' : 'project';
  return { area, entries: area === 'account' ? account : project, shell };
}

/** The side menu of the page's area, with the active project's name over the project menu. */
export function ShellSidebarMenu({ menu, onNavigate }: { menu: ShellMenu; onNavigate?: () => void }) {
  const { project } = menu.shell;
  return (
    <SidebarMenu
      label={menu.area === 'account' ? 'Account' : 'Project'}
      entries={menu.entries}
      project={project?.id}
      onNavigate={onNavigate}
      heading={
        menu.area === 'project' && project ? (
          <div className="flex items-center gap-2.5 border-b border-border px-4 py-3">
            <ProjectAvatar project={project} className="size-8" />
            <p className="min-w-0 truncate text-sm font-semibold">{project.name}</p>
          </div>
        ) : undefined
      }
    />
  );
}

/**
 * The side menu as a drawer on screens under lg (the header's menu button opens it): a modal
 * dialog from the left, closed by Escape, the backdrop, its close button or following a link.
 * Radix is fetched when it first opens (ui/overlays.ts), unless a popup fetched it already.
 */
export function MenuDrawer({
  menu,
  open,
  onOpenChange,
}: {
  menu: ShellMenu;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const radix = useDeferredModule(overlays, open);
  if (!radix) return null;
  const { Dialog } = radix;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-modal bg-black/40 motion-safe:animate-fade-in lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-modal flex w-[min(280px,85vw)] flex-col border-r border-border bg-surface pb-[env(safe-area-inset-bottom)] shadow-xl outline-none lg:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-border px-3">
            <Dialog.Title className="px-1">
              <span className="sr-only">Menu</span>
              <PlatformLogo className="h-8" />
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="grid size-10 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text"
            >
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          <ShellSidebarMenu menu={menu} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The first focusable thing of every framed page: straight to the content, past the chrome. */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-modal focus:rounded-md focus:bg-surface focus:px-3 focus:py-2"
    >
      Skip to content
    </a>
  );
}

/** The standard layout's sub-footer: the platform, and where to find help and the API. */
export function SubFooter() {
  const platform = usePlatform();
  const user = useUser();
  return (
    <footer className="relative z-subfooter border-t border-border px-4 py-5 text-xs text-muted sm:px-6 lg:px-8 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>
          © {new Date().getFullYear()} {platform.name}
        </p>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {user && routeExists('core.support') && (
            <FooterLink>
              <Link to={pathOf('core.support')} className="hover:text-text hover:underline">
                Support
              </Link>
            </FooterLink>
          )}
          <FooterLink>
            {/* A full page load: the reference is served by the API, not by this app. */}
            <a href="/docs" className="hover:text-text hover:underline">
              API documentation
            </a>
          </FooterLink>
        </ul>
      </div>
    </footer>
  );
}

function FooterLink({ children }: { children: ReactNode }) {
  return <li>{children}</li>;
}
