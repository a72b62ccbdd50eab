import { defineModule } from '../../core/modules.js';
import { notificationHandlers } from './handlers.js';
import { ensureVapidKeys, PUSH_QUEUE, PushSender, pushJobHandler, vapidSubject } from './push.js';
import { NotificationService } from './service.js';

/** The bell: notifications per project and group, and web push to the person's browsers. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: [],
  setup: async ({ db, clock, jobs, config, outbound }) => {
    const push = new PushSender(
      { ...(await ensureVapidKeys(db)), subject: vapidSubject(config.PUBLIC_URL, config.ADMIN_EMAIL) },
      outbound,
    );
    jobs.register(PUSH_QUEUE, pushJobHandler({ db, sender: push, publicUrl: config.PUBLIC_URL }));
    const service = new NotificationService({ clock, jobs });
    return {
      handlers: notificationHandlers({
        db,
        clock,
        notifications: service,
        push,
        allowHttpPush: config.PUSH_ALLOW_HTTP,
      }),
      service,
    };
  },
});
