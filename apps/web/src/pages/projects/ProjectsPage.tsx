import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useSearchParam } from '../../app/search';
import { Badge } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import {
  useOrganisationsQuery,
  useProjectsQuery,
  type Organisation,
  type Project,
} from '../../features/projects/api/projects';
import { canCreateProjects } from '../../features/projects/can-create';
import { PROJECT_DELETED_NOTICE } from '../../features/projects/notices';
import { getRememberedProject } from '../../features/projects/remembered-project';
import { ListFailure } from '../../features/projects/ui/ListRefusal';
import { PageHeader } from '../../features/projects/ui/PageHeader';
import { ProjectAvatar } from '../../features/projects/ui/ProjectAvatar';
import { Alert } from '../../ui/Alert';
import { buttonClasses } from '../../ui/Button';
import { Loading } from '../../ui/Loading';
import { TextField } from '../../ui/TextField';

/** SPEC.md section 9: the project search box shows above 5 projects. */
const PROJECT_SEARCH_THRESHOLD = 5;

/**
 * `/projects` (route `projects.list`): the user's projects, each opening it through projects.switch;
 * a search box above 5 projects; 'Create project' when the platform is public.
 */
export function ProjectsPage() {
  const platform = usePlatform();
  const user = useUser();
  const projects = useProjectsQuery();
  const organisations = useOrganisationsQuery();
  const notice = useSearchParam('notice');
  const canCreate = canCreateProjects(platform, user);

  const create = canCreate ? (
    <Link to={pathOf('projects.create')} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
      Create project
    </Link>
  ) : undefined;

  return (
    <>
      <PageHeader
        title="Projects"
        description="Your shops and factories. Open one to work in it."
        actions={projects.data && projects.data.length > 0 ? create : undefined}
      />
      {notice === PROJECT_DELETED_NOTICE && (
        <Alert tone="success" className="mb-5">
          Project deleted. Its members, invitations, roles and API keys were removed with it.
        </Alert>
      )}
      {projects.isPending ? (
        <Loading label="Loading projects…" />
      ) : projects.isError ? (
        <ListFailure list="projects" query={projects} />
      ) : projects.data.length === 0 ? (
        <NoProjects canCreate={canCreate} />
      ) : (
        <ProjectList
          projects={projects.data}
          organisations={organisations.data ?? []}
          showPlatform={Boolean(user?.isAdmin)}
        />
      )}
    </>
  );
}

function NoProjects({ canCreate }: { canCreate: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-border px-5 py-10 text-center">
      <h2 className="text-base font-semibold">No projects yet</h2>
      <p className="mx-auto mt-1.5 max-w-md text-sm/6 text-muted">
        {canCreate
          ? 'A project holds your shop or factory: its team, roles, modules and billing. Create one to get started.'
          : 'A project holds a shop or factory: its team, roles, modules and billing. Ask a project owner to invite you; the invitation arrives by email.'}
      </p>
      {canCreate && (
        <Link to={pathOf('projects.create')} className={buttonClasses({ className: 'mt-5 w-full xs:w-auto' })}>
          Create project
        </Link>
      )}
    </div>
  );
}

function matches(project: Project, organisation: Organisation | undefined, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [project.name, organisation?.name ?? '', project.platform.name].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

function ProjectList({
  projects,
  organisations,
  showPlatform,
}: {
  projects: Project[];
  organisations: Organisation[];
  showPlatform: boolean;
}) {
  const [search, setSearch] = useState('');
  // Read once: the remembered project changes only by switching, which leaves this page.
  const [current] = useState(getRememberedProject);
  const organisationOf = new Map(organisations.map((o) => [o.id, o]));
  const searchable = projects.length > PROJECT_SEARCH_THRESHOLD;
  const shown = searchable
    ? projects.filter((p) => matches(p, organisationOf.get(p.organisationId), search))
    : projects;

  return (
    <div className="grid gap-4">
      {searchable && (
        <div role="search" aria-label="Projects" className="grid gap-2 sm:max-w-sm">
          <TextField
            label="Search projects"
            type="search"
            placeholder="Name or organisation"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      {searchable && (
        <p className="text-xs text-muted" aria-live="polite">
          {search.trim() === ''
            ? `${projects.length} projects`
            : `${shown.length} of ${projects.length} projects match`}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-5 py-10 text-center text-sm text-muted">
          No projects match “{search.trim()}”.
        </p>
      ) : (
        <ul
          aria-label="Your projects"
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs"
        >
          {shown.map((project) => {
            const organisation = organisationOf.get(project.organisationId);
            const details = [organisation?.name, showPlatform ? project.platform.name : undefined].filter(Boolean);
            return (
              <li key={project.id}>
                <Link
                  to={pathOf('projects.switch')}
                  search={{ project: project.id }}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-surface-raised focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus sm:px-5"
                >
                  <ProjectAvatar project={project} />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate text-sm font-medium">{project.name}</span>
                    {details.length > 0 && <span className="truncate text-xs text-muted">{details.join(' · ')}</span>}
                  </span>
                  {project.id === current && <Badge tone="success">Current</Badge>}
                  <span aria-hidden="true" className="shrink-0 text-muted">
                    ›
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
