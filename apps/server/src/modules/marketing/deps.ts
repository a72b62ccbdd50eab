import type { ServiceOf, SharedParts } from '../../core/modules.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { projectsModule } from '../projects/index.js';
import type { storefrontModule } from '../storefront/index.js';

/** The services mail marketing uses: module checks, the mail service, projects' names, the shop's purchases. */
export interface MarketingNeeds {
  integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
  mail: ServiceOf<typeof mailModule>;
  projects: ServiceOf<typeof projectsModule>;
  storefront: ServiceOf<ReturnType<typeof storefrontModule>>;
}

/** What each area of the module is set up with: the platform's shared parts and the services above. */
export type MarketingSetup = [shared: SharedParts, needs: MarketingNeeds];
