import { defineModule } from '../../core/modules.js';
import { platformHandlers } from './handlers.js';
import { PlatformService } from './service.js';
import { platformSettingsHandlers } from './settings-handlers.js';

/** The platforms this server serves (by host): names, branding, rules such as required 2FA. */
export const platformModule = defineModule({
  name: 'platform',
  needs: [],
  setup: ({ db, clock }) => {
    const service = new PlatformService(db);
    return {
      handlers: { ...platformHandlers(service), ...platformSettingsHandlers({ db, clock, service }) },
      service,
    };
  },
});
