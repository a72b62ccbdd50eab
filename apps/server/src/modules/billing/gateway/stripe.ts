import type { CardBrand, PaymentOutcome } from '@wharf/contract';
import Stripe from 'stripe';
import type { ChargeInput, ChargeResult, PaymentGateway, StoredCard } from './gateway.js';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Handed to signed-in billing managers with each setup secret, for Stripe.js. */
  publishableKey?: string;
  /**
   * Where the API is: api.stripe.com over https unless told. Tests point it at a local server that
   * plays recorded responses, so they never reach the network.
   */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Per request; a charge waits this long at most per try before we answer "gateway unavailable". */
  timeoutMs?: number;
  /**
   * Retries of a failed connection or a 5xx. Each retry carries the same Idempotency-Key, so it is
   * safe; kept small so that a person waiting on a top-up is not held for long.
   */
  maxNetworkRetries?: number;
}

/** A payment method Wharf will not store: not a card, not found, or another project's. */
export class PaymentMethodRejected extends Error {
  override readonly name = 'PaymentMethodRejected';
}

/** What a stored Stripe card needs beyond `StoredCard`: the name typed into Stripe's form. */
export type StripeCard = StoredCard & { holderName: string };

/** Stripe's brands that Wharf names; the others (diners, jcb, unionpay…) show as unknown. */
const brands: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  discover: 'discover',
};

/**
 * A card error's outcome. Stripe answers 402 `card_error` with `code` (card_declined, expired_card,
 * incorrect_cvc, authentication_required off session…) and, for declines, the issuer's `decline_code`.
 */
export function outcomeOfCardError(error: {
  code?: string;
  decline_code?: string;
}): Exclude<PaymentOutcome, 'succeeded'> {
  if (error.code === 'expired_card' || error.decline_code === 'expired_card') return 'expired';
  if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') return 'insufficient_funds';
  return 'declined';
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/**
 * The Stripe gateway (PAYMENT_GATEWAY=stripe). Cards are added in the browser with Stripe.js against
 * a setup intent for later off-session use, so their numbers never reach Wharf; the server keeps the
 * payment method's id (`pm_…`) with brand, last four digits and expiry, and charges it with
 * payment intents confirmed off session, keyed by the caller's idempotency key.
 *
 * Customers: Stripe attaches a card confirmed on a setup intent to that intent's customer, and an
 * off-session charge must name the customer. Each project gets one, created on first use with the
 * idempotency key `customer:{projectId}` (two processes starting the same project's first setup at
 * once get the same customer) and kept in memory for the process's life. Stripe keeps idempotency
 * keys for 24 hours, so after a restart a project may get a second customer; that is harmless,
 * because nothing trusts "the" customer of a project: a card belongs to a project when its customer's
 * `metadata.projectId` says so (checked when it is stored) and a charge names the customer the card
 * is attached to (read from the card). Storing the customer id on the billing account would save
 * the extra customers and the read per charge; it needs a column (a later step).
 */
export class StripeGateway implements PaymentGateway {
  readonly vendor = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly customers = new Map<string, string>();

  readonly publishableKey: string | undefined;

  constructor(options: StripeGatewayOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      timeout: options.timeoutMs ?? 10_000,
      maxNetworkRetries: options.maxNetworkRetries ?? 1,
      // No request-latency reports to Stripe riding on later requests.
      telemetry: false,
      appInfo: { name: 'Wharf' },
      ...(options.api ?? {}),
    });
  }

  /** A setup intent for a card to be charged later off session; its client secret goes to Stripe.js. */
  async createSetup(input: { projectId: string }): Promise<{ secret: string }> {
    const customer = await this.customerOf(input.projectId);
    const intent = await this.stripe.setupIntents.create({
      customer,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { projectId: input.projectId },
    });
    if (!intent.client_secret) throw new Error(`Stripe answered setup intent ${intent.id} without a client secret`);
    return { secret: intent.client_secret };
  }

  private async customerOf(projectId: string): Promise<string> {
    const known = this.customers.get(projectId);
    if (known) return known;
    const customer = await this.stripe.customers.create(
      { metadata: { projectId } },
      { idempotencyKey: `customer:${projectId}` },
    );
    this.customers.set(projectId, customer.id);
    return customer.id;
  }

  /**
   * What we keep of a card the browser added (the id Stripe.js answered after confirming the setup
   * intent). Throws `PaymentMethodRejected` for a card we must not store — unknown, not a card, or
   * attached to another project's customer (ids travel through the browser, so they are not trusted);
   * any other error means Stripe could not be asked.
   */
  async retrievePaymentMethod(id: string, projectId: string): Promise<StripeCard> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(id, { expand: ['customer'] });
    } catch (error) {
      if (isMissing(error)) throw new PaymentMethodRejected('Stripe does not know this card. Add it again.');
      throw error;
    }
    const customer = method.customer;
    const owned =
      typeof customer === 'object' &&
      customer !== null &&
      !customer.deleted &&
      customer.metadata.projectId === projectId;
    if (!owned) throw new PaymentMethodRejected('This card was not added for this project. Add it again.');
    if (method.type !== 'card' || !method.card) throw new PaymentMethodRejected('Only cards can be added.');
    return {
      reference: method.id,
      brand: brands[method.card.brand] ?? 'unknown',
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      holderName: method.billing_details.name ?? '',
    };
  }

  /**
   * A payment intent created and confirmed at once, off session, with the caller's idempotency key:
   * Stripe answers a repeat of the key with its first answer, so a retry never charges twice. Card
   * refusals are outcomes; an unreachable Stripe, a 5xx or any other error throws.
   */
  async charge(input: ChargeInput): Promise<ChargeResult> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(input.paymentMethod.reference);
    } catch (error) {
      // A card deleted at Stripe cannot be charged; that is a refusal, not an outage.
      if (isMissing(error)) return { outcome: 'declined', reference: null };
      throw error;
    }
    const customer = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    // Detached from its customer (removed in Stripe's dashboard): Stripe would refuse it off session.
    if (!customer) return { outcome: 'declined', reference: null };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer,
          payment_method: method.id,
          allowed_payment_method_types: ['card'],
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      // A card intent confirmed off session either succeeds or fails with a card error; anything
      // else (processing, requires_action) has not taken the money, so nothing is booked.
      return { outcome: intent.status === 'succeeded' ? 'succeeded' : 'declined', reference: intent.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { outcome: outcomeOfCardError(error), reference: error.payment_intent?.id ?? error.charge ?? null };
      }
      throw error;
    }
  }
}
