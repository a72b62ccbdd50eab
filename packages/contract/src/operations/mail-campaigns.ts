import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { BinaryFile } from '../schemas/billing.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  Campaign,
  CampaignAudienceCount,
  CampaignPage,
  CountCampaignAudienceRequest,
  CreateCampaignRequest,
  ListCampaignsQuery,
  TrackedLink,
  TrackingToken,
  UpdateCampaignRequest,
} from '../schemas/mail-campaigns.js';

const tags = ['mail'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
const campaignParams = z.object({ campaignId: z.uuid() });
const readMail = { kind: 'permission', permission: 'mail.read' } as const;
const manageMail = { kind: 'permission', permission: 'mail.manage' } as const;
const sendMail = { kind: 'permission', permission: 'mail.send' } as const;
const conflict = { 409: ApiErrorBody };

/**
 * Mail campaigns (SPEC.md section 7 "Mail", issue 23, decision 038): a draft, an audience and a
 * schedule. Every call needs the Marketing module installed in the project; lists and drafts of
 * another project answer as unknown ones (404).
 */
export const mailCampaignOperations = {
  createCampaign: defineOperation({
    operationId: 'createCampaign',
    method: 'POST',
    path: '/v1/mail/campaigns',
    summary:
      "Start a campaign as a draft: a name, optionally the project's draft to send and an audience (everyone subscribed when left out)",
    tags,
    query: inProject,
    body: CreateCampaignRequest,
    bodyName: 'createCampaignRequest',
    responses: { 201: Campaign, ...errors },
    access: manageMail,
    audited: true,
  }),
  listCampaigns: defineOperation({
    operationId: 'listCampaigns',
    method: 'GET',
    path: '/v1/mail/campaigns',
    summary:
      "The project's campaigns matching every word of `search` in their name, of one status if asked, sorted by `sortBy` in `order`",
    tags,
    query: ListCampaignsQuery,
    responses: { 200: CampaignPage, ...errors },
    access: readMail,
    audited: false,
  }),
  getCampaign: defineOperation({
    operationId: 'getCampaign',
    method: 'GET',
    path: '/v1/mail/campaigns/{campaignId}',
    summary:
      "One campaign: its status, draft (name and subject), audience, schedule and the figures of its send. Its audience's size is countCampaignAudience's",
    tags,
    params: campaignParams,
    query: inProject,
    responses: { 200: Campaign, ...errors },
    access: readMail,
    audited: false,
  }),
  updateCampaign: defineOperation({
    operationId: 'updateCampaign',
    method: 'PATCH',
    path: '/v1/mail/campaigns/{campaignId}',
    summary:
      'Change a draft or paused campaign: its name, draft, audience and the time it is to be sent (in the future, with its offset). Other statuses answer 409 CAMPAIGN_LOCKED; the status itself does not change here',
    tags,
    params: campaignParams,
    query: inProject,
    body: UpdateCampaignRequest,
    bodyName: 'updateCampaignRequest',
    responses: { 200: Campaign, 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  countCampaignAudience: defineOperation({
    operationId: 'countCampaignAudience',
    method: 'POST',
    path: '/v1/mail/campaigns/audience-count',
    summary:
      "How many would be mailed now, for the audience builder's live count: the project's subscribed subscribers (never unconfirmed, unsubscribed or bounced) who are on any of `lists` (everyone when empty) and on none of `excludeLists`, and who match every filter. A gender filter includes that gender, or excludes it (those with no gender stay). An activity filter compares the days since the subscriber last opened, clicked or purchased with `days`: lte 90 is within the last 90 days (at or after now minus 90 days), lt 90 after it, gte 90 at or before it, gt 90 before it; included, someone who never did it is left out, excluded, they are kept",
    tags,
    query: inProject,
    body: CountCampaignAudienceRequest,
    bodyName: 'countCampaignAudienceRequest',
    responses: { 200: CampaignAudienceCount, ...errors },
    access: readMail,
    audited: false,
  }),
  sendCampaign: defineOperation({
    operationId: 'sendCampaign',
    method: 'POST',
    path: '/v1/mail/campaigns/{campaignId}/send',
    summary:
      "Send a draft campaign, or resume a paused one: its draft's content is fixed (later edits to the draft do not change it) and it becomes `sending` now, or `scheduled` when its time is still ahead. Batches go out in the background, each recipient recorded before their mail leaves so nobody is mailed twice. 409 CAMPAIGN_LOCKED unless draft or paused, CAMPAIGN_NO_DRAFT without a draft, AUDIENCE_EMPTY when nobody would be mailed now; 400 TEMPLATE_INVALID when the draft does not render",
    tags,
    params: campaignParams,
    query: inProject,
    responses: { 200: Campaign, ...conflict, ...errors },
    access: sendMail,
    audited: true,
  }),
  pauseCampaign: defineOperation({
    operationId: 'pauseCampaign',
    method: 'POST',
    path: '/v1/mail/campaigns/{campaignId}/pause',
    summary:
      'Pause a sending or scheduled campaign: the batch on its way finishes, no other starts. sendCampaign resumes it where it stopped. Other statuses answer 409 CAMPAIGN_LOCKED',
    tags,
    params: campaignParams,
    query: inProject,
    responses: { 200: Campaign, ...conflict, ...errors },
    access: sendMail,
    audited: true,
  }),
  cancelCampaign: defineOperation({
    operationId: 'cancelCampaign',
    method: 'POST',
    path: '/v1/mail/campaigns/{campaignId}/cancel',
    summary:
      'Cancel a scheduled, sending or paused campaign for good: those already mailed stay mailed and counted, nobody else is. Other statuses answer 409 CAMPAIGN_LOCKED',
    tags,
    params: campaignParams,
    query: inProject,
    responses: { 200: Campaign, ...conflict, ...errors },
    access: sendMail,
    audited: true,
  }),
  trackOpen: defineOperation({
    operationId: 'trackOpen',
    method: 'GET',
    path: '/v1/mail/track/open',
    summary:
      "A campaign mail's open pixel: a 1×1 transparent GIF. Its signed token names the subscriber and campaign; the first open counts in the campaign's figures, every open moves the subscriber's last opened time. A bad token still answers the image, changing nothing",
    tags,
    query: TrackingToken,
    responses: { 200: BinaryFile },
    access: { kind: 'public' },
    audited: false,
    download: 'file',
  }),
  trackClick: defineOperation({
    operationId: 'trackClick',
    method: 'GET',
    path: '/v1/mail/track/click',
    summary:
      "A campaign mail's tracked link: records the click (the first counts in the campaign's figures, and as an open if none was seen) and redirects (302) to `url`, which the token's signature covers, so the link cannot be turned to another address. A bad token or url answers 400 INVALID_TOKEN",
    tags,
    query: TrackedLink,
    responses: { 200: BinaryFile, 400: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
    download: 'file',
  }),
} satisfies Record<string, Operation>;
