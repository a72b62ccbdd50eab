import { defineModule } from '../../core/modules.js';
import { MailService } from './service.js';

/** Outgoing mail: SMTP when SMTP_URL is set, else the outbox table platform admins read. */
export const mailModule = defineModule({
  name: 'mail',
  needs: [],
  setup: ({ db, clock, config, log, onClose }) => {
    const service = new MailService(db, clock, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
    // A campaign's pool of SMTP connections closes with the app.
    onClose(() => service.close());
    return { service };
  },
});
