import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accessModule } from '../access/index.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { platformModule } from '../platform/index.js';
import { projectHandlers } from './handlers.js';
import { inviteHandlers } from './invite-handlers.js';
import { memberHandlers } from './member-handlers.js';
import { organisationHandlers } from './organisation-handlers.js';
import { templateHandlers } from './template-handlers.js';

/** Projects and organisations, their members and invites, and the templates a project starts from. */
export const projectsModule = defineModule<
  'projects',
  object,
  {
    platform: ServiceOf<typeof platformModule>;
    mail: ServiceOf<typeof mailModule>;
    access: ServiceOf<typeof accessModule>;
    integrations: ServiceOf<typeof integrationsModule>;
  }
>({
  name: 'projects',
  needs: ['platform', 'mail', 'access', 'integrations'],
  setup: ({ db, clock, config }, { platform, mail, access, integrations }) => {
    const { permissions } = access;
    const modules = integrations.lifecycle;
    return {
      handlers: {
        ...projectHandlers({ db, permissions, platform, modules }),
        ...organisationHandlers({ db, platform }),
        ...templateHandlers({ db, permissions, modules, access: access.resolver }),
        ...memberHandlers({ db, permissions }),
        ...inviteHandlers({ db, clock, mail, permissions, platform, publicUrl: config.PUBLIC_URL }),
      },
      service: {},
    };
  },
});
