import { defineModule } from '../../core/modules.js';
import { MailService } from './service.js';

/** Outgoing mail: SMTP when SMTP_URL is set, else the outbox table platform admins read. */
export const mailModule = defineModule({
  name: 'mail',
  needs: [],
  setup: ({ db, clock, config, log }) => ({
    service: new MailService(db, clock, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
  }),
});
