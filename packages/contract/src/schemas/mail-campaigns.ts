import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { SUBSCRIBER_GENDERS } from './mail-subscribers.js';

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
const DAYS_MAX = 36_500;
const Days = z
  .number({ error: `Give a whole number of days from 0 to ${DAYS_MAX}.` })
  .int(`Give a whole number of days from 0 to ${DAYS_MAX}.`)
  .min(0, `Give a whole number of days from 0 to ${DAYS_MAX}.`)
  .max(DAYS_MAX, `Give a whole number of days from 0 to ${DAYS_MAX}.`);
export const AUDIENCE_FILTER_FIELDS = ['gender', ...AUDIENCE_ACTIVITIES] as const;

/**
 * One filter of an audience (the exact rule is `countCampaignAudience`'s):
 * - gender: include keeps that gender; exclude drops it and keeps those with none given;
 * - an activity compares how many days ago it last happened with `days`: `{ field: lastPurchased,
 *   comparator: lte, days: 90 }` is "purchased in the last 90 days", `gt 30` "more than 30 days
 *   ago". Someone who never did it matches no activity filter: an included one leaves them out, an
 *   excluded one keeps them.
 */
export const AudienceFilter = z
  .discriminatedUnion(
    'field',
    [
      z.object({
        field: z.literal('gender'),
        mode: Mode,
        value: z.enum(SUBSCRIBER_GENDERS, { error: `Choose a gender of ${SUBSCRIBER_GENDERS.join(' or ')}.` }),
      }),
      z.object({
        field: z.enum(AUDIENCE_ACTIVITIES),
        mode: Mode,
        comparator: z.enum(AUDIENCE_COMPARATORS, { error: 'Choose a comparator of gt, gte, lt or lte.' }),
        days: Days,
      }),
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union' ? `Filter by ${AUDIENCE_FILTER_FIELDS.join(', ')}.` : undefined,
    },
  )
  .meta({ id: 'AudienceFilter' });
export type AudienceFilter = z.infer<typeof AudienceFilter>;

export const AUDIENCE_LISTS_MAX = 50;
export const AUDIENCE_FILTERS_MAX = 20;
const AudienceLists = z
  .array(z.uuid())
  .max(AUDIENCE_LISTS_MAX, `Choose at most ${AUDIENCE_LISTS_MAX} lists.`)
  .default([]);

/**
 * Who a campaign mails: subscribed subscribers on any of `lists` (every subscribed subscriber when
 * empty), not on any of `excludeLists`, matching every filter.
 */
export const CampaignAudience = z
  .object({
    lists: AudienceLists,
    excludeLists: AudienceLists,
    filters: z
      .array(AudienceFilter)
      .max(AUDIENCE_FILTERS_MAX, `Use at most ${AUDIENCE_FILTERS_MAX} filters.`)
      .default([]),
  })
  .meta({ id: 'CampaignAudience' });
export type CampaignAudience = z.infer<typeof CampaignAudience>;

/** Everyone subscribed: a new campaign's audience until one is chosen. */
export const EVERYONE: CampaignAudience = { lists: [], excludeLists: [], filters: [] };

export const CAMPAIGN_NAME_MAX = 200;
const CampaignName = z
  .string()
  .trim()
  .min(1, 'Name the campaign.')
  .max(CAMPAIGN_NAME_MAX, `Use at most ${CAMPAIGN_NAME_MAX} characters.`);

/** A time a caller sends: ISO 8601 with a zone (the console sends the project's); answered in UTC. */
const Time = z.iso.datetime({
  offset: true,
  error: 'Give a time in ISO 8601 with its offset, e.g. 2026-12-01T09:00:00+01:00.',
});

/** The draft a campaign sends, as the campaign shows it. */
export const CampaignDraftRef = z
  .object({ id: z.uuid(), name: z.string(), subject: z.string() })
  .meta({ id: 'CampaignDraftRef' });

/** The figures of a campaign's send; all 0 until it is sent. */
export const CampaignStats = z
  .object({
    recipients: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
    unsubscribed: z.number().int(),
  })
  .meta({ id: 'CampaignStats' });
export type CampaignStats = z.infer<typeof CampaignStats>;

export const Campaign = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: CampaignStatus,
    /** Null until a draft is chosen (or once the chosen draft is deleted). */
    draft: CampaignDraftRef.nullable(),
    audience: CampaignAudience,
    /** When it is to be sent; null for "not yet scheduled". */
    scheduledAt: z.iso.datetime().nullable(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    /** Why its send stopped short (its draft stopped rendering, so it was paused); null while all is well. */
    failure: z.string().nullable(),
    stats: CampaignStats,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const CampaignPage = Page(Campaign).meta({ id: 'CampaignPage' });
export type CampaignPage = z.infer<typeof CampaignPage>;

export const CAMPAIGN_SORTS = ['createdAt', 'name', 'scheduledAt', 'status'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const ListCampaignsQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Every word must appear in the name. */
  search: z.string().trim().max(200).optional(),
  status: CampaignStatus.optional(),
  /**
   * createdAt; name (whatever its case); scheduledAt (unscheduled ones last, either way); status (in
   * the order of a campaign's life: draft, scheduled, sending, paused, sent, cancelled; then by creation).
   */
  sortBy: z.enum(CAMPAIGN_SORTS, { error: `Sort by ${CAMPAIGN_SORTS.join(', ')}.` }).default('createdAt'),
  /** Default: newest first for createdAt and scheduledAt, A to Z for name and status. */
  order: z.enum(['asc', 'desc'], { error: 'Order asc or desc.' }).optional(),
});

/** A new campaign: always a draft; its draft and audience can be chosen now or later. */
export const CreateCampaignRequest = z
  .object({
    name: CampaignName,
    draftId: z.uuid().nullable().default(null),
    audience: CampaignAudience.default(EVERYONE),
  })
  .meta({ id: 'CreateCampaignRequest' });
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;

/**
 * Changes to a campaign while it is a draft or paused. `scheduledAt` must be in the future (null
 * clears it); setting it does not send: the campaign stays as it is until it is sent.
 */
export const UpdateCampaignRequest = z
  .object({
    name: CampaignName.optional(),
    draftId: z.uuid().nullable().optional(),
    audience: CampaignAudience.optional(),
    scheduledAt: Time.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Send at least one change.')
  .meta({ id: 'UpdateCampaignRequest' });
export type UpdateCampaignRequest = z.infer<typeof UpdateCampaignRequest>;

export const CountCampaignAudienceRequest = z
  .object({ audience: CampaignAudience })
  .meta({ id: 'CountCampaignAudienceRequest' });
export type CountCampaignAudienceRequest = z.infer<typeof CountCampaignAudienceRequest>;

export const CampaignAudienceCount = z
  .object({
    /** Subscribed subscribers in the audience now. */
    count: z.number().int(),
  })
  .meta({ id: 'CampaignAudienceCount' });
export type CampaignAudienceCount = z.infer<typeof CampaignAudienceCount>;

/** A signed token of a campaign mail's open pixel (decision 038: no table, nothing to guess). */
export const TrackingToken = z.object({ token: z.string().max(200) });

/** The longest address a tracked link carries: a longer one in a mail is left as it is, untracked. */
export const TRACKED_URL_MAX = 4000;

/** A tracked link: the signed token and the address it leads to, which the signature covers. */
export const TrackedLink = z.object({
  token: z.string().max(200),
  url: z.string().max(TRACKED_URL_MAX),
});
