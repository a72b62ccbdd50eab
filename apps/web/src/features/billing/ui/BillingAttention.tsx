import type { BillingProject } from '@wharf/contract';
import { billingAttention } from '../attention';
import { BillingFlags, type FlagLike } from './BillingFlags';

/**
 * The dashboard's word on billing: what needs attention (missing company details, then the
 * account's alerts), or that nothing does. Until the account answers, the project list's copy of
 * the alerts (`fallback`) stands in.
 */
export function BillingAttention({
  project,
  account,
  fallback,
}: {
  project: string;
  account: BillingProject | undefined;
  fallback: readonly FlagLike[];
}) {
  const items = billingAttention(account, fallback);
  if (items.length === 0) return <p className="text-muted">Nothing needs your attention.</p>;
  return <BillingFlags flags={items} project={project} label="Billing alerts" />;
}
