import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/users/roles` (route `project.users.roles.list`). Being built. */
export function RolesPage() {
  return <SettingsHeader title="Roles" />;
}
