import type { MailMessage } from '../mail/service.js';

/** Plain, accessible mails: a sentence, the link, and what to do if it was not you. */
function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): MailMessage {
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n`;
  const html =
    `<p>${intro}</p><p><a href="${link}">${action}</a></p>` +
    `<p style="color:#555">Or paste this address into your browser: ${link}</p><p>${outro}</p>`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, platform: string, link: string) =>
  linkMail(
    to,
    `Verify your email for ${platform}`,
    `Confirm that ${to} is your email address for ${platform}.`,
    'Verify email',
    link,
    'The link works for 48 hours. If you did not create an account, ignore this mail.',
  );

export const resetMail = (to: string, platform: string, link: string) =>
  linkMail(
    to,
    `Reset your ${platform} password`,
    `Someone asked to reset the password of ${to} on ${platform}.`,
    'Choose a new password',
    link,
    'The link works once, for 60 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
  );

export const setPasswordMail = (to: string, platform: string, link: string) =>
  linkMail(
    to,
    `Set your ${platform} password`,
    `Your ${platform} account ${to} has no password yet.`,
    'Set your password',
    link,
    'The link works once, for 24 hours.',
  );
