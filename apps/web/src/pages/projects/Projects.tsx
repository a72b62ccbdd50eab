import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/projects` (route `projects.list`). Being built. */
export function ProjectsPage() {
  return <SettingsHeader title="Projects" />;
}
