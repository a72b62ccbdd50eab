import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pathOf } from '../../app/navigation';
import { useSearchParam } from '../../app/search';
import { SettingsHeader } from '../../features/accounts/ui/SettingsSection';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { useProjectsQuery } from '../../features/projects/api/projects';
import { rememberActiveProject } from '../../features/projects/remembered-project';
import { switchDestination } from '../../features/projects/switch-destination';
import { isListRefusal, ListRefusal } from '../../features/projects/ui/ListRefusal';
import { ProjectNotFound } from '../../features/projects/ui/ProjectNotFound';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

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
        <LoadError
          title="Your projects could not be loaded"
          message={formErrorsFrom(projects.error).message}
          onRetry={() => void projects.refetch()}
          retrying={projects.isFetching}
        />
      </>
    );
  }
  return (
    <>
      <SettingsHeader title="Switch project" />
      <ProjectNotFound />
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
