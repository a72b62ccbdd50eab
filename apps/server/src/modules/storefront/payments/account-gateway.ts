/**
 * What the storefront needs of the payment account its orders are paid into (decision 035): Stripe
 * Connect's OAuth to link a shop's own Stripe account, and charges on that account. Two
 * implementations, chosen by PAYMENT_GATEWAY as billing's are: the sandbox (offline, the default)
 * and Stripe (the official SDK).
 */
export interface PaymentAccountGateway {
  readonly vendor: 'sandbox' | 'stripe';
  /**
   * Where to send the person to link an account: Stripe's OAuth page (or the sandbox's stand-in),
   * which returns to `redirectUri` with `code` and `state` in the query.
   */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  /** Exchanges the code the OAuth page returned for the linked account. Throws `AccountGatewayError`. */
  connect(code: string): Promise<ConnectedAccount>;
  /** Unlinks the account from the platform; an account already unlinked is not an error. */
  disconnect(accountId: string): Promise<void>;
  /**
   * Charges a customer's card into the linked account. The same idempotency key always gives the
   * first answer and charges at most once. Refusals (a declined card) are outcomes; throws
   * `AccountGatewayError` only when the gateway cannot be reached or refuses the request itself.
   */
  charge(input: AccountChargeInput): Promise<AccountChargeResult>;
  /**
   * Gives a succeeded charge back in full. The same idempotency key refunds at most once, and a
   * charge refunded already (by an earlier try, or in the provider's dashboard) is not an error.
   * Throws `AccountGatewayError` when the gateway cannot be reached or refuses.
   */
  refund(input: AccountRefundInput): Promise<AccountRefundResult>;
}

export interface AccountRefundInput {
  accountId: string;
  /** The succeeded charge's reference (`pi_…`). */
  chargeReference: string;
  /** Minor units: the whole charge. */
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export interface AccountRefundResult {
  /** The provider's reference of the refund (`re_…`), null when the charge had been refunded before. */
  reference: string | null;
}

export interface ConnectedAccount {
  accountId: string;
  displayName: string | null;
  country: string | null;
  defaultCurrency: string | null;
  chargesEnabled: boolean;
}

export interface AccountChargeInput {
  accountId: string;
  /** Minor units, above zero. */
  amount: number;
  currency: string;
  /** The customer's card at the account (`pm_…`). */
  paymentMethod: string;
  idempotencyKey: string;
  /** Which attempt of this order's payment this is (1 for the intake's). */
  attempt: number;
}

export interface AccountChargeResult {
  outcome: 'succeeded' | 'failed';
  /** The gateway's reference of the charge, null when it made none. */
  reference: string | null;
  /** Why a failed charge failed, in words a shop owner can pass on to the customer. */
  failure: string | null;
}

/** The gateway could not be reached, or refused the request itself (a bad code, a revoked account). */
export class AccountGatewayError extends Error {
  override readonly name = 'AccountGatewayError';
  constructor(
    message: string,
    /** `invalid_grant`: the code was not good (used, expired, forged); `unavailable`: try again later. */
    readonly reason: 'invalid_grant' | 'unavailable',
  ) {
    super(message);
  }
}
