import { createHash, randomBytes } from 'node:crypto';
import {
  AccountGatewayError,
  type AccountChargeInput,
  type AccountChargeResult,
  type AccountRefundInput,
  type AccountRefundResult,
  type ConnectedAccount,
  type PaymentAccountGateway,
} from './account-gateway.js';

/**
 * The customers' cards the sandbox knows, named as Stripe's test mode names its test payment
 * methods. Any other `pm_…` succeeds. `declinedOnce` fails the first attempt of an order's payment
 * and succeeds on every later one: it stands for a customer who sorted out their card after the
 * shop told them, so an end-to-end test can place an order whose payment fails and then retry it.
 */
export const SANDBOX_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  declinedOnce: 'pm_card_declinedOnce',
} as const;

export const SANDBOX_DECLINED = 'The card was declined.';
export const SANDBOX_INSUFFICIENT_FUNDS = 'The card has insufficient funds.';

/** What the sandbox's stand-in for Stripe's consent page hands back: `sandbox_` and 32 hex digits. */
const CODE = /^sandbox_[0-9a-f]{32}$/;

/** Why a charge with this card and attempt fails, or null when it succeeds. */
function failureOf(paymentMethod: string, attempt: number): string | null {
  switch (paymentMethod) {
    case SANDBOX_PAYMENT_METHODS.declined:
      return SANDBOX_DECLINED;
    case SANDBOX_PAYMENT_METHODS.insufficientFunds:
      return SANDBOX_INSUFFICIENT_FUNDS;
    case SANDBOX_PAYMENT_METHODS.declinedOnce:
      return attempt <= 1 ? SANDBOX_DECLINED : null;
    default:
      return null;
  }
}

/**
 * The default payment account gateway: no network, no Stripe account, deterministic. Its OAuth
 * "consent page" is the console's own payment account page, reached at once with a sandbox code,
 * so the connect flow has Stripe's shape (authorize URL, code and state back, code exchanged for an
 * account) and the console and end-to-end tests run it offline. A code gives always the same
 * account, derived from it; the sandbox remembers no code, so it cannot tell a used one (Stripe
 * would answer `invalid_grant`). It counts the charges it really made (`chargeCount`), as billing's
 * sandbox does, so tests can prove a retry with the same idempotency key did not charge twice.
 */
export class SandboxAccountGateway implements PaymentAccountGateway {
  readonly vendor = 'sandbox' as const;
  chargeCount = 0;
  refundCount = 0;
  private readonly answered = new Map<string, AccountChargeResult>();
  private readonly refunded = new Map<string, AccountRefundResult>();

  authorizeUrl(input: { state: string; redirectUri: string }): string {
    const url = new URL(input.redirectUri);
    url.searchParams.set('code', `sandbox_${randomBytes(16).toString('hex')}`);
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async connect(code: string): Promise<ConnectedAccount> {
    if (!CODE.test(code)) throw new AccountGatewayError('Not a sandbox authorization code', 'invalid_grant');
    const digest = createHash('sha256').update(code).digest('hex');
    return {
      accountId: `acct_sandbox_${digest.slice(0, 16)}`,
      displayName: 'Sandbox shop',
      country: 'GB',
      defaultCurrency: 'GBP',
      chargesEnabled: true,
    };
  }

  async disconnect(accountId: string): Promise<void> {
    // Nothing is linked anywhere: unlinking is always done already.
    void accountId;
  }

  async charge(input: AccountChargeInput): Promise<AccountChargeResult> {
    const earlier = this.answered.get(input.idempotencyKey);
    if (earlier) return earlier;
    // A bug of the caller, not a refusal: the intake checks both before it charges.
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('A charge needs an amount above zero');
    if (!input.paymentMethod.startsWith('pm_')) {
      // Stripe would not find it either; a card the shop cannot charge, not an outage.
      const result: AccountChargeResult = { outcome: 'failed', reference: null, failure: 'The card was not found.' };
      this.answered.set(input.idempotencyKey, result);
      return result;
    }
    this.chargeCount++;
    const failure = failureOf(input.paymentMethod, input.attempt);
    // A declined charge still has a reference at Stripe (the failed payment intent); so here.
    const result: AccountChargeResult = {
      outcome: failure ? 'failed' : 'succeeded',
      reference: `pi_sandbox_${randomBytes(12).toString('hex')}`,
      failure,
    };
    this.answered.set(input.idempotencyKey, result);
    return result;
  }

  async refund(input: AccountRefundInput): Promise<AccountRefundResult> {
    const earlier = this.refunded.get(input.idempotencyKey);
    if (earlier) return earlier;
    if (!input.chargeReference.startsWith('pi_')) {
      throw new AccountGatewayError(`No such payment: ${input.chargeReference}`, 'unavailable');
    }
    this.refundCount++;
    const result: AccountRefundResult = { reference: `re_sandbox_${randomBytes(12).toString('hex')}` };
    this.refunded.set(input.idempotencyKey, result);
    return result;
  }
}
