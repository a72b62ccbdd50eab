import type { BillingProject } from '@wharf/contract';
import type { FlagLike } from './ui/BillingFlags';

/**
 * The billing setup step a new account has not taken: company details. Until they are set no card
 * can be added and no invoice issued (the server answers COMPANY_NOT_FOUND), yet it is not one of
 * the account's alerts (SPEC.md section 8 has six, all about an account in use), so the console
 * adds it where attention is asked for: the dashboard, the billing overview, the card form.
 */
export const COMPANY_DETAILS_MISSING: FlagLike = {
  code: 'company_details_missing',
  message: 'Company details missing: add them before adding a card.',
  level: 'warning',
  actions: [{ text: 'Add details', route: { name: 'projects.settings', params: {}, query: {} } }],
};

/** Whether the account still needs its company details (a demo project is billed nothing, so it does not). */
export const needsCompanyDetails = (account: Pick<BillingProject, 'company' | 'plan'>) =>
  account.company === null && account.plan.code !== 'demo';

/** What needs the user's attention: the missing setup step first, then the account's own alerts. */
export function billingAttention(
  account: Pick<BillingProject, 'company' | 'plan' | 'flags'> | undefined,
  fallback: readonly FlagLike[],
): FlagLike[] {
  if (!account) return [...fallback];
  return [...(needsCompanyDetails(account) ? [COMPANY_DETAILS_MISSING] : []), ...account.flags];
}
