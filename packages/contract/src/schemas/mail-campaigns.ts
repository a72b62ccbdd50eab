import { z } from 'zod';
import { SubscriberGender } from './mail-subscribers.js';

/*
 * Mail campaigns (SPEC.md section 7 "Mail": POST, GET /v1/mail/campaigns, GET, PATCH
 * /campaigns/{campaignId}; section 3's filter enumerations and campaign statuses; issue 23, decision 038).
 */

/** SPEC.md section 3 shows `sending` and `scheduled`; the rest is the campaign's life. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** SPEC.md section 3: include, exclude. */
export const AUDIENCE_MODES = ['include', 'exclude'] as const;
/** SPEC.md section 3: last clicked, last opened, last purchased. */
export const AUDIENCE_ACTIVITIES = ['lastClicked', 'lastOpened', 'lastPurchased'] as const;
/** SPEC.md section 3: comparators gt, gte, lt, lte. */
export const AUDIENCE_COMPARATORS = ['gt', 'gte', 'lt', 'lte'] as const;

const Mode = z.enum(AUDIENCE_MODES, { error: 'Choose include or exclude.' });

/**
 * One filter of an audience. An activity filter compares how many days ago it last happened:
 * `{ field: lastPurchased, comparator: lte, days: 90 }` is "purchased in the last 90 days" (a
 * subscriber who never did matches no activity filter). Excluding a filter keeps those it does not match.
 */
export const AudienceFilter = z
  .discriminatedUnion('field', [
    z.object({ field: z.literal('gender'), mode: Mode, value: SubscriberGender }),
    z.object({
      field: z.enum(AUDIENCE_ACTIVITIES),
      mode: Mode,
      comparator: z.enum(AUDIENCE_COMPARATORS, { error: 'Choose a comparator of gt, gte, lt or lte.' }),
      days: z.number().int().min(0).max(36_500),
    }),
  ])
  .meta({ id: 'AudienceFilter' });
export type AudienceFilter = z.infer<typeof AudienceFilter>;

/**
 * Who a campaign mails: subscribed subscribers on any of `lists` (every subscribed subscriber when
 * empty), not on any of `excludeLists`, matching every filter.
 */
export const CampaignAudience = z
  .object({
    lists: z.array(z.uuid()).max(50).default([]),
    excludeLists: z.array(z.uuid()).max(50).default([]),
    filters: z.array(AudienceFilter).max(20).default([]),
  })
  .meta({ id: 'CampaignAudience' });
export type CampaignAudience = z.infer<typeof CampaignAudience>;
