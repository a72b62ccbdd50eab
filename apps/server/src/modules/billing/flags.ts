import { CREDIT_LIMIT_WARNING_RATIO, type BillingFlag, type BillingFlagCode } from '@wharf/contract';
import { expiresAt } from './gateway/gateway.js';

/** `payment_method_expiring` shows this long before the default card's expiry. */
export const PAYMENT_METHOD_EXPIRING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

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
  has_overdue_invoices: {
    message: 'Account has overdue invoices.',
    level: 'danger',
    actions: [{ text: 'Pay', route: route('billing.invoices') }],
  },
};

export function flag(code: BillingFlagCode): BillingFlag {
  return { code, ...flagDefinitions[code] };
}

/** The state the alerts are computed from. */
export interface AccountState {
  /** Confirmed balance of the wallet in the account's currency (minor units). */
  balance: number;
  /** Its pending charges (positive). */
  held: number;
  creditLimit: number;
  /** Left out, the payment method alerts are not computed (ledger-only callers). */
  paymentMethods?: PaymentMethodState;
  /** Whether an unpaid invoice (due or failed) is past its due date at the app clock's now. */
  overdueInvoices?: boolean;
}

export interface PaymentMethodState {
  /**
   * Whether the account should have a payment method: its company details are set (billing is in
   * use) and it is not on the demo plan.
   */
  required: boolean;
  /** The default payment method's expiry; null when the project has none. */
  defaultCard: { expMonth: number; expYear: number } | null;
  /** The app clock's now. */
  now: Date;
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
 * The default card is what payments use, so it is the one watched: none (when one is required),
 * past its expiry month, or expiring within 30 days. A card is good through its expiry month.
 */
export function paymentMethodFlags(state: PaymentMethodState): BillingFlag[] {
  if (!state.defaultCard) return state.required ? [flag('payment_method_required')] : [];
  const left = expiresAt(state.defaultCard).getTime() - state.now.getTime();
  if (left <= 0) return [flag('payment_method_expired')];
  if (left <= PAYMENT_METHOD_EXPIRING_DAYS * DAY_MS) return [flag('payment_method_expiring')];
  return [];
}

/** Every alert that applies; overdue invoices first, as the most pressing. */
export function accountFlags(state: AccountState): BillingFlag[] {
  return [
    ...(state.overdueInvoices ? [flag('has_overdue_invoices')] : []),
    ...(state.paymentMethods ? paymentMethodFlags(state.paymentMethods) : []),
    ...creditFlags(state),
  ];
}
