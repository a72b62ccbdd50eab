import { SettingsHeader } from '../../features/account/ui/SettingsSection';

/** `/billing` (route `billing.index`). Being built. */
export function BillingPage() {
  return <SettingsHeader title="Billing" />;
}
