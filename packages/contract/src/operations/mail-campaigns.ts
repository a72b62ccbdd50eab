import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  Campaign,
  CampaignAudienceCount,
  CampaignPage,
  CountCampaignAudienceRequest,
  CreateCampaignRequest,
  ListCampaignsQuery,
  UpdateCampaignRequest,
} from '../schemas/mail-campaigns.js';

const tags = ['mail'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
const campaignParams = z.object({ campaignId: z.uuid() });
const readMail = { kind: 'permission', permission: 'mail.read' } as const;
const manageMail = { kind: 'permission', permission: 'mail.manage' } as const;

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
} satisfies Record<string, Operation>;
