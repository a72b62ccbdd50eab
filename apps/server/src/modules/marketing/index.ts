import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { projectsModule } from '../projects/index.js';
import type { storefrontModule } from '../storefront/index.js';
import { campaignHandlers } from './campaigns/campaign-handlers.js';
import { draftHandlers } from './drafts/draft-handlers.js';
import { importHandlers } from './imports/import-handlers.js';
import { subscriberHandlers } from './subscribers/subscriber-handlers.js';

/**
 * Mail marketing (issue 23, decision 038): subscribers and their consent, mailing lists, CSV
 * imports, drafts rendered with Liquid, and campaigns sent to an audience in batches. Its calls
 * answer only in projects with the Marketing module installed.
 */
export const marketingModule = defineModule<
  'marketing',
  Record<string, never>,
  {
    integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
    mail: ServiceOf<typeof mailModule>;
    projects: ServiceOf<typeof projectsModule>;
    storefront: ServiceOf<ReturnType<typeof storefrontModule>>;
  }
>({
  name: 'marketing',
  needs: ['integrations', 'mail', 'projects', 'storefront'],
  setup: async (shared, needs) => ({
    handlers: {
      ...(await subscriberHandlers(shared, needs)),
      ...importHandlers(shared, needs),
      ...draftHandlers(shared, needs),
      ...campaignHandlers(shared, needs),
    },
    service: {},
  }),
});
