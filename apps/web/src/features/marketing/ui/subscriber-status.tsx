import type { SubscriberStatus } from '@wharf/contract';
import { Tag, type TagTone } from '../../../ui/Tag';

export const subscriberStatusWords: Record<SubscriberStatus, string> = {
  subscribed: 'Subscribed',
  unconfirmed: 'Unconfirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

const tones: Record<SubscriberStatus, TagTone> = {
  subscribed: 'success',
  unconfirmed: 'warning',
  unsubscribed: 'neutral',
  bounced: 'danger',
};

/** Whether campaigns may mail them, at a glance: only subscribed ones are mailed. */
export function SubscriberStatusBadge({ status }: { status: SubscriberStatus }) {
  return (
    <span data-status={status}>
      <Tag tone={tones[status]}>{subscriberStatusWords[status]}</Tag>
    </span>
  );
}

/** The statuses the console may set besides the current one. */
const SETTABLE: readonly SubscriberStatus[] = ['unconfirmed', 'unsubscribed', 'bounced'];

/**
 * The statuses the console may set from `current`, itself first. Nobody is made subscribed from the
 * console: consent is theirs to give, by their confirmation link (the API refuses it too). Choosing
 * unconfirmed mails them that link.
 */
export function statusesFrom(current: SubscriberStatus): SubscriberStatus[] {
  return [current, ...SETTABLE.filter((status) => status !== current)];
}
