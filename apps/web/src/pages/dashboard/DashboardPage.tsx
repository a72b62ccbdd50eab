import { DASHBOARD_PERMISSIONS, ProjectDashboard } from '../../features/dashboard/ui/ProjectDashboard';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';

/** `/dashboard/` (route `project.dashboard`): the project at a glance, where the console starts. */
export function DashboardPage() {
  return (
    <ProjectPage
      title="Dashboard"
      description="Your project at a glance, and where to go next."
      permissions={[...DASHBOARD_PERMISSIONS]}
    >
      {(project, access) => <ProjectDashboard project={project} access={access} />}
    </ProjectPage>
  );
}
