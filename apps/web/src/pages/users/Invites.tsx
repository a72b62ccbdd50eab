import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/users/invites` (route `project.users.invites.list`). Being built. */
export function InvitesPage() {
  return <SettingsHeader title="Invites" />;
}
