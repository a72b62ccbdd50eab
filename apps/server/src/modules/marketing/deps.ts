import type { ServiceOf, SharedParts } from '../../core/modules.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { projectsModule } from '../projects/index.js';
import type { storefrontModule } from '../storefront/index.js';
import type { JoinedListsHook } from './subscribers/memberships.js';
import type { FirstPurchaseHook } from './subscribers/purchases.js';

/** The services mail marketing uses: module checks, the mail service, projects' names, the shop's purchases. */
export interface MarketingNeeds {
  integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
  mail: ServiceOf<typeof mailModule>;
  projects: ServiceOf<typeof projectsModule>;
  storefront: ServiceOf<ReturnType<typeof storefrontModule>>;
}

/**
 * The moments other modules (flows, decision 039) take part in, made per app in the module's setup
 * and run in the transaction of the change: a subscribed subscriber joined lists; a subscriber's
 * first purchase.
 */
export interface MarketingHooks {
  joinedLists: JoinedListsHook;
  firstPurchase: FirstPurchaseHook;
}

/** What each area of the module is set up with: the platform's shared parts, the services above, its hooks. */
export type MarketingSetup = [shared: SharedParts, needs: MarketingNeeds, hooks: MarketingHooks];
