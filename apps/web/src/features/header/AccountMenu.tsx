import type { User } from '@wharf/contract';
import { Link, useRouterState } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf, routeExists } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useRouteMeta } from '../../app/route-meta';
import { ThemeToggle } from '../../shell/ThemeToggle';
import { Avatar } from '../../ui/Avatar';
import { cx } from '../../ui/cx';
import { DropdownPanel, useDropdownClose } from '../../ui/Dropdown';
import { Icon } from '../../ui/Icon';
import { Loading } from '../../ui/Loading';
import { ScrollFade } from '../../ui/ScrollFade';
import { Tag } from '../../ui/Tag';
import { displayName, emailAddsToName } from '../accounts/api/session';
import { useLogout } from '../accounts/api/logout';
import { useProjectsQuery, type Project } from '../projects/api/projects';
import { canCreateProjects } from '../projects/can-create';
import { ProjectAvatar } from '../projects/ui/ProjectAvatar';

/** SPEC.md section 9: the account dropdown is 300px wide and at most 610px high. */
export const ACCOUNT_MENU_WIDTH = 300;
export const ACCOUNT_MENU_MAX_HEIGHT = 610;
/** SPEC.md section 9: the project list gets a search box above 5 projects. */
export const PROJECT_SEARCH_THRESHOLD = 5;

const rowClasses =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-text hover:bg-surface-raised';

/**
 * The account menu of the header (SPEC.md section 2): the user's projects (searchable above 5, the
 * current one marked), each switching to it; Create project on public platforms; My Account; the
 * theme; Log out. The project list loads when the menu opens.
 */
export function AccountMenu({ user, project }: { user: User; project: string | undefined }) {
  const name = displayName(user);
  return (
    <DropdownPanel
      label="Account menu"
      width={ACCOUNT_MENU_WIDTH}
      maxHeight={ACCOUNT_MENU_MAX_HEIGHT}
      trigger={
        <button
          type="button"
          aria-label="Account menu"
          className="flex min-w-0 items-center gap-2 rounded-full p-0.5 hover:bg-surface-raised md:rounded-md md:py-1 md:pr-2 md:pl-1"
        >
          <Avatar name={name} url={user.avatar} className="size-8" />
          <span className="hidden max-w-40 truncate text-sm font-medium md:block">{name}</span>
          <Icon name="chevron-down" size={16} className="hidden shrink-0 text-muted md:block" />
        </button>
      }
    >
      <AccountPanel user={user} current={project} />
    </DropdownPanel>
  );
}

function AccountPanel({ user, current }: { user: User; current: string | undefined }) {
  const platform = usePlatform();
  const close = useDropdownClose();
  const logout = useLogout();
  const name = displayName(user);
  return (
    <div className="grid gap-1 p-2">
      <div className="flex items-center gap-3 px-2 py-2">
        <Avatar name={name} url={user.avatar} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{name}</p>
          {emailAddsToName(user) && <p className="truncate text-xs text-muted">{user.email}</p>}
        </div>
      </div>
      <hr className="-mx-2 my-1 border-border" />
      <ProjectList user={user} current={current} onChoose={close} />
      {canCreateProjects(platform, user) && (
        <Link to={pathOf('projects.create')} className={rowClasses} onClick={close}>
          <Icon name="plus" size={18} className="shrink-0 text-muted" />
          Create project
        </Link>
      )}
      <hr className="-mx-2 my-1 border-border" />
      <Link to={pathOf('account.settings')} className={rowClasses} onClick={close}>
        <Icon name="account" size={18} className="shrink-0 text-muted" />
        My Account
      </Link>
      {/* A row like its neighbours: the switch keeps its pressed state and its name. */}
      <ThemeToggle className="w-full justify-start gap-3! border-0! bg-transparent! px-3! py-2! text-sm! font-normal! hover:bg-surface-raised!" />
      <button
        type="button"
        className={cx(rowClasses, 'disabled:opacity-60')}
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        <Icon name="logout" size={18} className="shrink-0 text-muted" />
        {logout.isPending ? 'Logging out…' : 'Log out'}
      </button>
    </div>
  );
}

/**
 * Where switching projects continues: the page on screen when it works inside a project (without
 * its old project), else the new project's dashboard. projects.switch sets the new project.
 */
function useSwitchTarget(): string | undefined {
  const meta = useRouteMeta();
  const location = useRouterState({ select: (state) => state.location });
  if (meta.project === 'never') return routeExists('project.dashboard') ? pathOf('project.dashboard') : undefined;
  const params = new URLSearchParams(location.searchStr);
  params.delete('project');
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

function ProjectList({ user, current, onChoose }: { user: User; current: string | undefined; onChoose: () => void }) {
  const projects = useProjectsQuery();
  const [search, setSearch] = useState('');
  const headingId = useId();
  const redirectUri = useSwitchTarget();
  const all = projects.data ?? [];
  const words = search.trim().toLowerCase();
  // The current project leads the list.
  const ordered = [...all.filter((p) => p.id === current), ...all.filter((p) => p.id !== current)];
  const shown = words ? ordered.filter((p) => p.name.toLowerCase().includes(words)) : ordered;

  return (
    <section aria-labelledby={headingId} className="grid gap-1">
      <h2 id={headingId} className="px-3 pt-1 text-sm font-medium text-muted">
        Projects
      </h2>
      {all.length > PROJECT_SEARCH_THRESHOLD && (
        <div className="px-1 pb-1">
          <input
            type="search"
            aria-label="Search projects"
            placeholder="Search projects…"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="h-9 w-full rounded-md border border-border bg-background px-3 text-sm placeholder:text-muted focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
          />
        </div>
      )}
      {projects.isPending ? (
        <div className="px-3">
          <Loading label="Loading projects…" inCard />
        </div>
      ) : projects.isError ? (
        <p className="px-3 py-1.5 text-sm text-danger">Your projects could not be loaded.</p>
      ) : all.length === 0 ? (
        <p className="px-3 py-1.5 text-sm text-muted">No projects yet.</p>
      ) : shown.length === 0 ? (
        <p role="status" className="px-3 py-1.5 text-sm text-muted">
          No projects match.
        </p>
      ) : (
        // The list scrolls on its own, so My Account and Log out stay in reach of a long one.
        <ScrollFade className="max-h-[17rem]" contentClassName="px-0.5">
          <ul aria-labelledby={headingId} className="grid gap-0.5">
            {shown.map((project) => (
              <li key={project.id}>
                <ProjectRow
                  project={project}
                  current={project.id === current}
                  admin={user.isAdmin}
                  redirectUri={redirectUri}
                  onChoose={onChoose}
                />
              </li>
            ))}
          </ul>
        </ScrollFade>
      )}
    </section>
  );
}

function ProjectRow({
  project,
  current,
  admin,
  redirectUri,
  onChoose,
}: {
  project: Project;
  current: boolean;
  admin: boolean;
  redirectUri: string | undefined;
  onChoose: () => void;
}) {
  return (
    <Link
      to={pathOf('projects.switch')}
      search={{ project: project.id, ...(redirectUri ? { redirect_uri: redirectUri } : {}) }}
      activeOptions={{ exact: true, includeSearch: true }}
      aria-current={current ? 'true' : undefined}
      className={cx(rowClasses, current && 'bg-primary-soft hover:bg-primary-soft')}
      onClick={onChoose}
    >
      <ProjectAvatar project={project} className="size-8" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{project.name}</span>
        {/* Administrators see projects of every platform: each says whose it is. */}
        {admin && <span className="block truncate text-xs text-muted">{project.platform.name}</span>}
      </span>
      {current && <Tag tone="primary">Current</Tag>}
    </Link>
  );
}
