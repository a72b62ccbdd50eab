import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accessModule } from '../access/index.js';
import type { driveModule } from '../drive/index.js';
import { ChannelAccess } from './access.js';
import { channelHandlers } from './channel-handlers.js';
import { messageHandlers } from './message-handlers.js';
import { searchHandlers } from './search-handlers.js';
import { subscriptionHandlers } from './subscription-handlers.js';

/** Channels of a project, their members, messages and reactions (issue 21, decision 032). */
export const chatModule = defineModule<
  'chat',
  Record<string, never>,
  { access: ServiceOf<typeof accessModule>; drive: ServiceOf<typeof driveModule> }
>({
  name: 'chat',
  needs: ['access', 'drive'],
  setup: ({ db, clock }, { access, drive }) => {
    const channels = new ChannelAccess(db, access.permissions);
    return {
      handlers: {
        ...channelHandlers({ db, clock, channels, permissions: access.permissions }),
        ...messageHandlers({ db, clock, channels, files: drive.files }),
        ...subscriptionHandlers({ db, clock, channels, permissions: access.permissions }),
        ...searchHandlers({ db, channels, files: drive.files }),
      },
      service: {},
    };
  },
});
