import type { ServiceOf, SharedParts } from '../../core/modules.js';
import type { accessModule } from '../access/index.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { marketingModule } from '../marketing/index.js';
import type { storefrontModule } from '../storefront/index.js';

/**
 * The services flows use: who may mail (access), module checks, the mail service, mail marketing's
 * subscribers and mails, the shop's orders.
 */
export interface FlowNeeds {
  access: ServiceOf<ReturnType<typeof accessModule>>;
  integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
  mail: ServiceOf<typeof mailModule>;
  marketing: ServiceOf<typeof marketingModule>;
  storefront: ServiceOf<ReturnType<typeof storefrontModule>>;
}

export type FlowSetup = [shared: SharedParts, needs: FlowNeeds];

/** The advance job's queue: it moves due runs on (advance.ts). */
export const FLOW_ADVANCE_QUEUE = 'flows.advance';
/** The hourly job that enters lapsed customers into "no purchase for N days" flows (no-purchase.ts). */
export const FLOW_NO_PURCHASE_QUEUE = 'flows.noPurchase';
