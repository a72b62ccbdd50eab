import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pathOf } from '../../app/navigation';
import { useSearchParam } from '../../app/search';
import { SettingsHeader } from '../../features/account/ui/SettingsSection';
import { linkClasses } from '../../features/auth/ui/AuthCard';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { useProjectsQuery } from '../../features/projects/api/projects';
import { rememberActiveProject } from '../../features/projects/remembered-project';
import { switchDestination } from '../../features/projects/switch-destination';
import { isListRefusal, ListRefusal } from '../../features/projects/ui/ListRefusal';
import { Loading, PROJECT_NOT_FOUND } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';

/**
 * `/projects/switch?project=&redirect_uri=&notification=` (route `projects.switch`): makes one of the
 * user's projects the active one (remembered for the next visit), then continues to `redirect_uri`
 * (a same-origin path only; else the project's settings) with `project` in its query, keeping
 * `notification=true` (SPEC.md section 2). A project the user is not in is 'Project not found'.
 */
export function SwitchProjectPage() {
  const projectId = useSearchParam('project');
  const redirectUri = useSearchParam('redirect_uri');
  const notification = useSearchParam('notification');
  const projects = useProjectsQuery();
  const navigate = useNavigate();
  const target = projectId ? projects.data?.find((p) => p.id === projectId) : undefined;
  const targetId = target?.id;
  // StrictMode runs effects twice; one switch is one navigation.
  const switched = useRef<string | null>(null);

  useEffect(() => {
    if (!projectId) {
      void navigate({ to: pathOf('projects.list'), replace: true });
      return;
    }
    if (!targetId || switched.current === targetId) return;
    switched.current = targetId;
    rememberActiveProject(targetId);
    void navigate({ href: switchDestination({ projectId: targetId, redirectUri, notification }), replace: true });
  }, [projectId, targetId, redirectUri, notification, navigate]);

  if (target) return <Switching label={`Switching to ${target.name}…`} />;
  // A project just joined may be missing from a list loaded before: only a fresh list says it isn't there.
  if (!projectId || projects.isPending || projects.isFetching) return <Switching label="Switching project…" />;
  if (projects.isError) {
    // useProjectsQuery answers these (SPEC.md section 8): signed out, or two-factor set-up first.
    if (isListRefusal(projects.error)) return <ListRefusal error={projects.error} />;
    return (
      <>
        <SettingsHeader title="Switch project" />
        <div className="grid justify-items-start gap-4">
          <Alert tone="danger" title="Your projects could not be loaded" className="w-full">
            {formErrorsFrom(projects.error).message}
          </Alert>
          <Button variant="secondary" onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      <SettingsHeader title="Switch project" />
      <Alert tone="warning" title={PROJECT_NOT_FOUND}>
        It may have been deleted, or you are no longer a member.{' '}
        <Link to={pathOf('projects.list')} className={linkClasses}>
          See your projects
        </Link>
      </Alert>
    </>
  );
}

function Switching({ label }: { label: string }) {
  return (
    <div className="grid min-h-[40vh] place-items-center">
      <Loading label={label} />
    </div>
  );
}
