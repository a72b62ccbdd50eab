import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/organisations` (route `organisations`). Being built. */
export function OrganisationsPage() {
  return <SettingsHeader title="Organisations" />;
}
