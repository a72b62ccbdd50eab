import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accessModule } from '../access/index.js';
import type { driveModule } from '../drive/index.js';
import type { notificationsModule } from '../notifications/index.js';
import { ChannelAccess } from './access.js';
import { ChatEvents, chatTopics } from './events.js';
import { channelHandlers } from './channel-handlers.js';
import { messageHandlers } from './message-handlers.js';
import { searchHandlers } from './search-handlers.js';
import { subscriptionHandlers } from './subscription-handlers.js';

/** Channels of a project, their members, messages and reactions (issue 21, decision 032). */
export const chatModule = defineModule<
  'chat',
  Record<string, never>,
  {
    access: ServiceOf<typeof accessModule>;
    drive: ServiceOf<typeof driveModule>;
    notifications: ServiceOf<typeof notificationsModule>;
  }
>({
  name: 'chat',
  needs: ['notifications', 'access', 'drive'],
  setup: ({ db, clock, realtime }, { access, drive, notifications }) => {
    const channels = new ChannelAccess(db, access.permissions);
    const permissions = access.permissions;
    // Open sockets hear a channel's events while its reader may read it (decision 033).
    const events = new ChatEvents(realtime);
    realtime.define('chat', chatTopics(db, channels, events));
    return {
      handlers: {
        ...channelHandlers({ db, clock, channels, permissions, events }),
        ...messageHandlers({ db, clock, channels, files: drive.files, events, notifications, permissions }),
        ...subscriptionHandlers({ db, clock, channels, permissions, events }),
        ...searchHandlers({ db, channels, files: drive.files }),
      },
      service: {},
    };
  },
});
