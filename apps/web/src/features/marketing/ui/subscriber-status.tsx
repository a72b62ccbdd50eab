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

/** The statuses the console may set besides the current one: it only takes people out. */
const SETTABLE: readonly SubscriberStatus[] = ['unsubscribed', 'bounced'];

/**
 * The statuses the console may set from `current`, itself first. Nobody is made subscribed or
 * unconfirmed from the console (the API refuses both): consent is theirs to give, and unconfirmed
 * would mail a confirmation link to someone who left.
 */
export function statusesFrom(current: SubscriberStatus): SubscriberStatus[] {
  return [current, ...SETTABLE.filter((status) => status !== current)];
}
