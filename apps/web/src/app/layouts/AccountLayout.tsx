import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { displayName, useUser } from '../../features/auth/api/session';
import { useLogout } from '../../features/auth/api/logout';
import { useActiveProject } from '../../features/projects/active-project';
import { PlatformLogo } from '../../shell/PlatformLogo';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { pathOf, type RouteNameInput } from '../navigation';
import { useSearchParam } from '../search';

interface Section {
  name: RouteNameInput;
  label: string;
  short: string;
  exact?: boolean;
}

const sections: Section[] = [
  { name: 'account.settings', label: 'Profile', short: 'Profile', exact: true },
  { name: 'account.settings.change-password', label: 'Change password', short: 'Password' },
  { name: 'account.settings.2fa.setup-authenticator', label: 'Two-factor authentication', short: 'Two-factor' },
];

const workspaceSections: Section[] = [
  { name: 'projects.list', label: 'Projects', short: 'Projects', exact: true },
  { name: 'organisations', label: 'Organisations', short: 'Organisations' },
];

/** The active project's pages; their links carry the `project` query. */
const projectSections: Section[] = [
  { name: 'project.users.list', label: 'Users', short: 'Users', exact: true },
  { name: 'project.users.roles.list', label: 'Roles', short: 'Roles' },
  { name: 'project.users.invites.list', label: 'Invites', short: 'Invites' },
  { name: 'developer.api.index', label: 'Developer (APIs)', short: 'Developer' },
  { name: 'billing.index', label: 'Billing', short: 'Billing' },
  { name: 'projects.settings', label: 'Project settings', short: 'Settings' },
];

/** Shown to platform administrators only (the pages themselves also refuse everyone else). */
const platformSections: Section[] = [{ name: 'platform.mail.outbox', label: 'Outbox', short: 'Outbox' }];

const navLink =
  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted hover:bg-surface-raised hover:text-text ' +
  'aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary';

/**
 * The account area's frame: a 4rem header (logo home, who is signed in, Log out) and a 220px side
 * nav that becomes a scrolling row of tabs on narrow screens. Header content shows only with an
 * active user (SPEC.md "Shell"); the console shell will grow this into the standard layout.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const user = useUser();
  const logout = useLogout();
  // Only a page of a project carries it; the account pages don't load the project list for nothing.
  const projectId = useSearchParam('project');
  return (
    <div className="min-h-dvh">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-modal focus:rounded-md focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-header h-16 border-b border-border bg-surface">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to={pathOf('home')} className="shrink-0 rounded-md">
            <PlatformLogo className="h-9" />
          </Link>
          {user && (
            <div className="flex min-w-0 items-center gap-3">
              <div className="hidden min-w-0 text-right sm:block">
                <p className="truncate text-sm font-medium">{displayName(user)}</p>
                {/* Without a name the email is the display name: said once. */}
                {displayName(user) !== user.email && <p className="truncate text-xs text-muted">{user.email}</p>}
              </div>
              <Avatar name={displayName(user)} url={user.avatar} />
              <Button
                variant="secondary"
                size="small"
                className="py-1.5!"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
              >
                {logout.isPending ? 'Logging out…' : 'Log out'}
              </Button>
            </div>
          )}
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:flex lg:gap-10 lg:py-10">
        <nav
          aria-label="Account"
          className="-mx-4 mb-6 overflow-x-auto px-4 lg:mx-0 lg:mb-0 lg:w-[220px] lg:shrink-0 lg:px-0"
        >
          {/* One row of tabs under lg; titled groups in a column above it. */}
          <div className="flex gap-1 lg:block">
            {projectId && <ProjectNav />}
            <NavGroup title="Workspace" sections={workspaceSections} className="lg:mb-6" />
            <NavGroup title="Account" sections={sections} />
            {user?.isAdmin && <NavGroup title="Platform" sections={platformSections} className="lg:mt-6" />}
          </div>
        </nav>
        <main id="content" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

function ProjectNav() {
  const { project } = useActiveProject();
  if (!project) return null;
  return (
    <NavGroup title={project.name} sections={projectSections} search={{ project: project.id }} className="lg:mb-6" />
  );
}

function NavGroup({
  title,
  sections,
  className,
  search,
}: {
  title: string;
  sections: Section[];
  className?: string;
  search?: { project: string };
}) {
  return (
    <div className={cx('shrink-0', className)}>
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted uppercase lg:block">{title}</p>
      <ul className="flex gap-1 lg:flex-col">
        {sections.map((section) => (
          <li key={section.name}>
            <Link
              to={pathOf(section.name)}
              search={search}
              activeOptions={{ exact: section.exact ?? false, includeSearch: false }}
              className={navLink}
              aria-label={section.label}
            >
              {/* The tabs fit a 375px screen only with the short labels. */}
              <span className="lg:hidden">{section.short}</span>
              <span className="hidden lg:inline">{section.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
