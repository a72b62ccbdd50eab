import { CREDIT_LIMIT_WARNING_RATIO, type BillingFlag, type BillingFlagCode } from '@wharf/contract';

const route = (name: string) => ({ name, params: {}, query: {} });

/** SPEC.md section 8's account alerts: words, level and actions, one place for all of them. */
const flagDefinitions: Record<BillingFlagCode, Omit<BillingFlag, 'code'>> = {
  payment_method_required: {
    message: 'Missing payment method.',
    level: 'danger',
    actions: [{ text: 'Add', route: route('billing.payment-methods') }],
  },
  payment_method_expiring: {
    message: 'Payment method expiring soon.',
    level: 'warning',
    actions: [{ text: 'Update', route: route('billing.payment-methods') }],
  },
  payment_method_expired: {
    message: 'Payment method expired.',
    level: 'danger',
    actions: [{ text: 'Fix', route: route('billing.payment-methods') }],
  },
  credit_limit_warning: { message: 'Near credit limit.', level: 'warning', actions: [] },
  credit_limit_exceeded: { message: 'Credit limit exceeded.', level: 'danger', actions: [] },
  has_overdue_invoices: { message: 'Account has overdue invoices.', level: 'danger', actions: [] },
};

export function flag(code: BillingFlagCode): BillingFlag {
  return { code, ...flagDefinitions[code] };
}

/** The state the alerts are computed from. Payment methods and invoices join it in their steps. */
export interface AccountState {
  /** Confirmed balance of the wallet in the account's currency (minor units). */
  balance: number;
  /** Its pending charges (positive). */
  held: number;
  creditLimit: number;
}

/**
 * Credit used is what is owed or reserved beyond the balance: max(0, held − balance). Over the
 * limit (an administrator lowered it, say) is exceeded; from 80% of it, a warning.
 */
export function creditFlags(state: AccountState): BillingFlag[] {
  const used = Math.max(0, state.held - state.balance);
  if (used === 0) return [];
  if (used > state.creditLimit) return [flag('credit_limit_exceeded')];
  if (used >= state.creditLimit * CREDIT_LIMIT_WARNING_RATIO) return [flag('credit_limit_warning')];
  return [];
}

/**
 * Every alert that applies. Not yet computed: payment_method_required, payment_method_expiring and
 * payment_method_expired (they come with payment methods), has_overdue_invoices (with invoices).
 */
export function accountFlags(state: AccountState): BillingFlag[] {
  return creditFlags(state);
}
