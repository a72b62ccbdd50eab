import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/projects/switch` (route `projects.switch`). Being built. */
export function SwitchProjectPage() {
  return <SettingsHeader title="Switch project" />;
}
