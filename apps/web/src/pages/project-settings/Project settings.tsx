import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/project/settings` (route `projects.settings`). Being built. */
export function ProjectSettingsPage() {
  return <SettingsHeader title="Project settings" />;
}
