import type { Config } from '../../../config.js';
import type { Clock } from '../../../core/clock.js';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';
import { StripeGateway, type StripeCard } from './stripe.js';

export type { PaymentGateway } from './gateway.js';

/** A gateway whose cards are added in the browser and fetched by id (Stripe), not typed to us. */
export interface CardRetrievingGateway extends PaymentGateway {
  retrievePaymentMethod(id: string, projectId: string): Promise<StripeCard>;
}

export function retrievesCards(gateway: PaymentGateway): gateway is CardRetrievingGateway {
  return typeof (gateway as Partial<CardRetrievingGateway>).retrievePaymentMethod === 'function';
}

/**
 * The gateway PAYMENT_GATEWAY names. Make one per process and give the same one to billing's
 * handlers and to the auto top-up job: the Stripe gateway keeps the projects' customers in memory.
 */
export function createGateway(
  config: Pick<Config, 'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>,
  clock: Clock,
): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'sandbox') return new SandboxGateway(clock);
  // The config's refinement already refuses stripe without keys; this keeps a hand-made config honest.
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  return new StripeGateway({
    secretKey: config.STRIPE_SECRET_KEY,
    ...(config.STRIPE_PUBLISHABLE_KEY ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
  });
}
