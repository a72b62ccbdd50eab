import type { CampaignStatus } from '@wharf/contract';
import { Tag, type TagTone } from '../../../ui/Tag';

export const campaignStatusWords: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

const tones: Record<CampaignStatus, TagTone> = {
  draft: 'neutral',
  scheduled: 'primary',
  sending: 'warning',
  paused: 'warning',
  sent: 'success',
  cancelled: 'danger',
};

/** Where a campaign is in its life, at a glance. */
export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  return (
    <span data-status={status}>
      <Tag tone={tones[status]}>{campaignStatusWords[status]}</Tag>
    </span>
  );
}

/** Only a draft or a paused campaign can still be changed (the API answers CAMPAIGN_LOCKED otherwise). */
export const isEditableStatus = (status: CampaignStatus) => status === 'draft' || status === 'paused';

/** "1,234 subscribers", the way every campaign figure of people is written. */
export function subscribersWord(count: number): string {
  return count === 1 ? '1 subscriber' : `${count.toLocaleString('en')} subscribers`;
}
