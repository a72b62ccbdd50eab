import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/users` (route `project.users.list`). Being built. */
export function UsersPage() {
  return <SettingsHeader title="Users" />;
}
