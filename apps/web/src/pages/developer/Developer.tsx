import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/developer` (route `developer.api.index`). Being built. */
export function DeveloperPage() {
  return <SettingsHeader title="Developer (APIs)" />;
}
