import type { Config } from '../../../config.js';
import type { Clock } from '../../../core/clock.js';
import type { PaymentAccountGateway } from './account-gateway.js';
import { SandboxAccountGateway } from './sandbox-account.js';
import { StripeAccountGateway } from './stripe-account.js';

export { AccountGatewayError } from './account-gateway.js';
export type {
  AccountChargeInput,
  AccountChargeResult,
  ConnectedAccount,
  PaymentAccountGateway,
} from './account-gateway.js';
export { SANDBOX_PAYMENT_METHODS, SandboxAccountGateway } from './sandbox-account.js';
export { StripeAccountGateway } from './stripe-account.js';

export type AccountGatewayConfig = Pick<Config, 'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY' | 'STRIPE_CONNECT_CLIENT_ID'>;

/**
 * The payment account gateway PAYMENT_GATEWAY names, as billing's `createGateway` chooses its own.
 * Make one per process and give the same one to the handlers and to whatever charges orders: the
 * sandbox keeps its idempotent answers in memory. The clock is taken for the same shape as
 * billing's; neither gateway needs time yet.
 */
export function createAccountGateway(config: AccountGatewayConfig, _clock: Clock): PaymentAccountGateway {
  if (config.PAYMENT_GATEWAY === 'sandbox') return new SandboxAccountGateway();
  // The config's refinement refuses stripe without keys; this keeps a hand-made config honest.
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  // Without a Connect client id the server still starts (billing needs only the keys): linking an
  // account is refused with what to set, and accounts linked before still take charges.
  return new StripeAccountGateway({ secretKey: config.STRIPE_SECRET_KEY, clientId: config.STRIPE_CONNECT_CLIENT_ID });
}
