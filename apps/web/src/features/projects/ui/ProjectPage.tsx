import type { Permission } from '@wharf/contract/permissions';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { pathOf } from '../../../app/navigation';
import { Alert } from '../../../ui/Alert';
import { Loading } from '../../../ui/Loading';
import { SettingsHeader } from '../../accounts/ui/SettingsSection';
import { useAccess, type Access } from '../../access/api/enforce';
import { Denied } from '../../access/ui/Denied';
import { linkClasses } from '../../accounts/ui/AuthCard';
import type { Project } from '../api/projects';
import { useActiveProject } from '../active-project';
import { preferredProject } from '../remembered-project';
import { ProjectNotFound } from './ProjectNotFound';

interface ProjectPageProps {
  title: string;
  description?: ReactNode;
  /** What the page asks `/enforce` about; the first is the one needed to see the page at all. */
  permissions: [Permission, ...Permission[]];
  children: (project: Project, access: Access) => ReactNode;
}

/**
 * The frame of a page that works inside one project (route `project: 'always'`): it adds the first
 * project to the query when none is given (SPEC.md section 2), says `Project not found` for a
 * project the user doesn't belong to, asks `/enforce` for the page's permissions and shows why when
 * the page itself is denied.
 */
export function ProjectPage({ title, description, permissions, children }: ProjectPageProps) {
  const { projectId, project, projects, isPending, error } = useActiveProject();
  const access = useAccess(project?.id, permissions);
  const navigate = useNavigate();
  // SPEC.md section 2: the active (remembered) project, else the first.
  const first = preferredProject(projects);

  useEffect(() => {
    if (!projectId && first)
      void navigate({ to: '.', search: (prev) => ({ ...prev, project: first.id }), replace: true });
  }, [projectId, first, navigate]);

  const header = <SettingsHeader title={title} description={project ? description : undefined} />;
  if (isPending || (!projectId && first))
    return (
      <>
        {header}
        <Loading label="Loading project…" />
      </>
    );
  if (error) {
    return (
      <>
        {header}
        <Alert tone="danger" title="Projects could not be loaded">
          {error instanceof Error ? error.message : String(error)}
        </Alert>
      </>
    );
  }
  if (!projectId)
    return (
      <>
        {header}
        <NoProjectYet />
      </>
    );
  if (!project) {
    return (
      <>
        {header}
        <ProjectNotFound />
      </>
    );
  }
  if (access.isPending)
    return (
      <>
        {header}
        <Loading label="Checking your access…" />
      </>
    );
  if (!access.can(permissions[0]))
    return (
      <>
        {header}
        <Denied denied={[permissions[0]]} />
      </>
    );
  return (
    <>
      {header}
      {children(project, access)}
    </>
  );
}

function NoProjectYet() {
  return (
    <div className="rounded-xl border border-dashed border-border p-8 text-center">
      <h2 className="text-base font-semibold">No project yet</h2>
      <p className="mt-1 text-sm text-muted">Projects hold your shop or factory, its team and its modules.</p>
      <Link to={pathOf('projects.create')} className={`mt-4 inline-block ${linkClasses}`}>
        Create a project
      </Link>
    </div>
  );
}
