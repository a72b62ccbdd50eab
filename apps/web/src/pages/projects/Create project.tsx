import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/projects/create` (route `projects.create`). Being built. */
export function CreateProjectPage() {
  return <SettingsHeader title="Create project" />;
}
