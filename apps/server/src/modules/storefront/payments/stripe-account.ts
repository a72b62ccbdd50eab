import Stripe from 'stripe';
import { AppError } from '../../../core/errors.js';
import {
  AccountGatewayError,
  type AccountChargeInput,
  type AccountChargeResult,
  type AccountRefundInput,
  type AccountRefundResult,
  type ConnectedAccount,
  type PaymentAccountGateway,
} from './account-gateway.js';

export interface StripeAccountGatewayOptions {
  /** The platform's secret key (the one billing uses): OAuth and charges on linked accounts go with it. */
  secretKey: string;
  /** The Connect application's client id (`ca_…`), from the Stripe dashboard's Connect settings. */
  /** The Connect application's id (`ca_…`); without it accounts cannot be linked or unlinked. */
  clientId?: string | undefined;
  /**
   * Where Stripe is: api.stripe.com and connect.stripe.com over https unless told. The SDK sends
   * every base (api, connect, files) to `host` once it is set, so tests point the OAuth calls and the
   * API calls alike at one local server playing recorded answers, and never reach the network.
   */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Per request; a charge waits this long at most per try before we answer "unavailable". */
  timeoutMs?: number;
  /** Retries of a failed connection or a 5xx, with the same Idempotency-Key (safe for charges). */
  maxNetworkRetries?: number;
}

const unavailable = (what: string, error: unknown) =>
  new AccountGatewayError(`${what}: ${error instanceof Error ? error.message : String(error)}`, 'unavailable');

/**
 * Stripe answers a deauthorization of an account that is not (or no longer) linked to the
 * application with `invalid_client` "This application is not connected to stripe account …"; the
 * same type also means a wrong client id ("No such application"), which must stay an error.
 */
const alreadyUnlinked = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidClientError && /not connected/i.test(error.message);

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * Stripe Connect with the official SDK (PAYMENT_GATEWAY=stripe): standard accounts linked through
 * OAuth (`read_write`), and direct charges on the linked account: payment intents created and
 * confirmed at once, off session, with the `Stripe-Account` header and the caller's idempotency key
 * (Stripe keeps keys per account, and answers a repeat with its first answer, so a retry never
 * charges twice). Card refusals are outcomes with Stripe's message; anything else throws
 * `AccountGatewayError`.
 */
export class StripeAccountGateway implements PaymentAccountGateway {
  readonly vendor = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly clientId: string | undefined;

  constructor(options: StripeAccountGatewayOptions) {
    this.clientId = options.clientId;
    this.stripe = new Stripe(options.secretKey, {
      timeout: options.timeoutMs ?? 10_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 1,
      // No request-latency reports to Stripe riding on later requests.
      telemetry: false,
      appInfo: { name: 'Wharf' },
      ...(options.api ?? {}),
    });
  }

  /** The Connect client id, or the refusal of a server that links no accounts (charges still work). */
  private connectClient(): string {
    if (!this.clientId)
      throw new AppError(
        409,
        'PAYMENT_ACCOUNT_NOT_CONFIGURED',
        'This server cannot link payment accounts yet: its administrator must set STRIPE_CONNECT_CLIENT_ID.',
      );
    return this.clientId;
  }

  authorizeUrl(input: { state: string; redirectUri: string }): string {
    return this.stripe.oauth.authorizeUrl({
      response_type: 'code',
      client_id: this.connectClient(),
      scope: 'read_write',
      state: input.state,
      redirect_uri: input.redirectUri,
    });
  }

  async connect(code: string): Promise<ConnectedAccount> {
    let accountId: string | undefined;
    try {
      const token = await this.stripe.oauth.token({ grant_type: 'authorization_code', code });
      accountId = token.stripe_user_id;
    } catch (error) {
      // Used, expired, forged, or made for another application: the person must start again.
      if (error instanceof Stripe.errors.StripeInvalidGrantError) {
        throw new AccountGatewayError(error.message, 'invalid_grant');
      }
      throw unavailable('Stripe did not exchange the authorization code', error);
    }
    if (!accountId) throw new AccountGatewayError('Stripe answered the code without an account', 'unavailable');
    let account: Stripe.Account;
    try {
      account = await this.stripe.accounts.retrieve(accountId);
    } catch (error) {
      // The link is made at Stripe by now; asking again (a new code) links the same account again.
      throw unavailable('Stripe did not describe the linked account', error);
    }
    return {
      accountId: account.id,
      displayName: account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null,
      country: account.country ?? null,
      defaultCurrency: account.default_currency ? account.default_currency.toUpperCase() : null,
      chargesEnabled: account.charges_enabled ?? false,
    };
  }

  async disconnect(accountId: string): Promise<void> {
    const clientId = this.connectClient();
    try {
      await this.stripe.oauth.deauthorize({ client_id: clientId, stripe_user_id: accountId });
    } catch (error) {
      // Unlinked already (by its owner in Stripe's dashboard, or by an earlier try): what was asked is done.
      if (alreadyUnlinked(error)) return;
      throw unavailable('Stripe did not unlink the account', error);
    }
  }

  async charge(input: AccountChargeInput): Promise<AccountChargeResult> {
    // A bug of the caller, not a refusal: the intake checks it before it charges.
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('A charge needs an amount above zero');
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          payment_method: input.paymentMethod,
          allowed_payment_method_types: ['card'],
          confirm: true,
          off_session: true,
        },
        { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { outcome: 'succeeded', reference: intent.id, failure: null };
      // Confirmed off session, a card intent succeeds or fails with a card error; anything else
      // (requires_action, processing) has not taken the money, so the order is not paid.
      return {
        outcome: 'failed',
        reference: intent.id,
        failure: "The card's bank asked the customer to confirm this payment.",
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          outcome: 'failed',
          reference: error.payment_intent?.id ?? error.charge ?? null,
          failure: error.message,
        };
      }
      // The card is not at the linked account (deleted, or never there): a card that cannot be
      // charged, not an outage to retry.
      if (isMissing(error) && error instanceof Stripe.errors.StripeError && error.param === 'payment_method') {
        return { outcome: 'failed', reference: null, failure: 'The card was not found.' };
      }
      throw unavailable('Stripe did not take the charge', error);
    }
  }

  async refund(input: AccountRefundInput): Promise<AccountRefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.chargeReference, amount: input.amount },
        { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
      );
      return { reference: refund.id };
    } catch (error) {
      // Refunded already (in Stripe's dashboard, or by a try whose answer was lost): what was asked is done.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') {
        return { reference: null };
      }
      throw unavailable('Stripe did not refund the payment', error);
    }
  }
}
