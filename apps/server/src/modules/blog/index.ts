import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accessModule } from '../access/index.js';
import type { platformModule } from '../platform/index.js';
import { blogHandlers } from './handlers.js';

/** The platform's blog and support articles, written by admins, read by everyone in the console. */
export const blogModule = defineModule<
  'blog',
  object,
  { platform: ServiceOf<typeof platformModule>; access: ServiceOf<typeof accessModule> }
>({
  name: 'blog',
  needs: ['platform', 'access'],
  setup: ({ db, clock }, { platform, access }) => ({
    handlers: blogHandlers({ db, clock, permissions: access.permissions, platform }),
    service: {},
  }),
});
