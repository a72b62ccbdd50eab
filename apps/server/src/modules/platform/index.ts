import { defineModule } from '../../core/modules.js';
import { platformHandlers } from './handlers.js';
import { PlatformService } from './service.js';

/** The platforms this server serves (by host): names, branding, rules such as required 2FA. */
export const platformModule = defineModule({
  name: 'platform',
  needs: [],
  setup: ({ db }) => {
    const service = new PlatformService(db);
    return { handlers: platformHandlers(service), service };
  },
});
