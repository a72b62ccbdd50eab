import type { Executor } from '../../../core/db/database.js';
import type { MarketingNeeds } from '../deps.js';
import type { SubscriptionLinks } from '../links.js';
import { mailContextFrom } from '../render/mail-context.js';
import type { MarketingSettings } from '../settings.js';
import { recordEvents } from './subscriber-events.js';
import { escapeHtml } from '../render/links.js';

export { marketingSettings, type MarketingSettings } from '../settings.js';

/** Who the mails come from, as people read it: the one rule is `mailContextFrom`'s. */
export async function senderName(db: Executor, projectId: string, settings?: MarketingSettings): Promise<string> {
  return (await mailContextFrom(db, projectId, settings)).senderName;
}

/**
 * Whether a new subscriber must confirm by mail before they may be mailed (double opt-in): when
 * the caller asks for it, when any of their lists is double opt-in, or when a key (the storefront's
 * form) adds them in a project whose settings confirm sign-ups. A person in the console adding
 * someone who agreed elsewhere records that consent instead.
 */
export function needsConfirmation(input: {
  requested: 'subscribed' | 'unconfirmed' | undefined;
  lists: readonly { optIn: 'single' | 'double' }[];
  byKey: boolean;
  settings: MarketingSettings;
}): boolean {
  return (
    input.requested === 'unconfirmed' ||
    input.lists.some((list) => list.optIn === 'double') ||
    (input.byKey && input.settings.doubleOptIn)
  );
}

/** The confirmation mail: one link, and what to do if they did not ask. */
export function confirmationMail(to: string, sender: string, link: string) {
  const from = sender || 'our mailing list';
  const ask = `Please confirm that you want to receive mail from ${from}.`;
  const ignore = 'If you did not ask for this, ignore this mail: you will not be added.';
  return {
    to,
    subject: `Confirm your subscription to ${from}`,
    text: `${ask}\n\nConfirm: ${link}\n\n${ignore}\n`,
    html:
      `<p>${escapeHtml(ask)}</p>` +
      `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>` +
      `<p>${escapeHtml(ignore)}</p>`,
  };
}

/** Mails the confirmation link in the caller's transaction (nothing goes if it rolls back), and says so in the activity. */
export async function sendConfirmation(
  tx: Executor,
  deps: { mail: MarketingNeeds['mail']; links: SubscriptionLinks },
  subscriber: { id: string; projectId: string; email: string },
  sender: string,
  now: Date,
): Promise<void> {
  const link = deps.links.confirmUrl({ subscriberId: subscriber.id, projectId: subscriber.projectId });
  await deps.mail.enqueue(tx, confirmationMail(subscriber.email, sender, link));
  await recordEvents(tx, [
    { projectId: subscriber.projectId, subscriberId: subscriber.id, at: now, kind: 'confirmation_sent' },
  ]);
}
