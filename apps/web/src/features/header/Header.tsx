import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../app/navigation';
import { PlatformLogo } from '../../shell/PlatformLogo';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import { useUser } from '../accounts/api/session';
import { AccountMenu } from './AccountMenu';
import { BasketButton } from './BasketButton';
import { BookmarksButton } from './BookmarksButton';
import { headerIconButton } from './header-classes';
import { HeaderBell } from './HeaderBell';
import { HeaderSearch } from './HeaderSearch';
import { useShellProject } from './use-shell-project';
import { WebsiteLink } from './WebsiteLink';

export interface HeaderProps {
  /** `solid` (standard and tool layouts) or `overlay`: transparent over the page (the mail layout). */
  variant?: 'solid' | 'overlay';
  /** Opens the side menu on screens under lg; without it there is no menu button. */
  onOpenMenu?: (() => void) | undefined;
  menuOpen?: boolean;
  className?: string;
}

/** Where the logo goes: the dashboard (SPEC.md section 2), or the projects until it exists. */
function homeLink(signedIn: boolean, project: string | undefined): { to: string; search: { project?: string } } {
  if (!signedIn) return { to: pathOf('home'), search: {} };
  if (routeExists('project.dashboard')) return { to: pathOf('project.dashboard'), search: project ? { project } : {} };
  return { to: pathOf('projects.list'), search: {} };
}

/**
 * The header (SPEC.md sections 2 and 9): 4rem high, on the header layer. The logo links to the
 * dashboard; everything else (search, website, basket, bell, account menu) shows only with an
 * active user.
 */
export function Header({ variant = 'solid', onOpenMenu, menuOpen = false, className }: HeaderProps) {
  const user = useUser();
  const { projectId, project, access } = useShellProject();
  const home = homeLink(Boolean(user), projectId);
  return (
    <header
      className={cx(
        'flex h-16 items-center gap-1 px-2 sm:gap-2 sm:px-4 print:hidden',
        variant === 'solid' ? 'border-b border-border bg-surface' : 'bg-transparent',
        className,
      )}
    >
      {user && onOpenMenu && (
        <button
          type="button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
          className={cx(headerIconButton, 'lg:hidden')}
        >
          <Icon name="menu" size={22} />
        </button>
      )}
      <Link
        to={home.to}
        search={home.search}
        activeOptions={{ exact: true, includeSearch: false }}
        className="flex h-12 shrink-0 items-center rounded-md px-1 lg:w-[200px]"
      >
        <PlatformLogo className="h-8 max-w-[min(220px,40vw)]" />
      </Link>
      {user && (
        <>
          <div className="flex min-w-0 flex-1 justify-end md:justify-start md:px-4">
            <HeaderSearch />
          </div>
          <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
            <WebsiteLink project={project?.id} canRead={access.can('domains.read')} />
            <BookmarksButton project={projectId} />
            <BasketButton project={projectId} />
            <HeaderBell />
            <AccountMenu user={user} project={project ? projectId : undefined} />
          </div>
        </>
      )}
    </header>
  );
}
