import type { CampaignStatus, DraftContent } from '@wharf/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { JobEnqueuer } from '../../../core/jobs/queue.js';
import { assertAudienceLists, countAudience } from '../campaigns/audience.js';
import type { CampaignRow } from '../campaigns/campaign-views.js';
import { draftNotFound } from '../drafts/draft-views.js';
import type { MarketingNeeds } from '../deps.js';
import { compileOrRefuse } from '../drafts/draft-templates.js';
import { mailContextOf } from '../render/mail-context.js';
import { marketingCampaigns as c, marketingDrafts as d } from '../schema.js';
import { settleDeferred } from './recipient-rows.js';
import { CAMPAIGN_SEND_QUEUE, type SendPayload } from './send-job.js';

/*
 * The campaign's life as the send calls move it (decision 038):
 *   draft ──send──▶ scheduled (its time ahead) or sending ──▶ sent
 *   scheduled, sending ──pause──▶ paused ──send──▶ scheduled or sending, on from where it stopped
 *   scheduled, sending, paused ──cancel──▶ cancelled
 * Each change is one transaction with its audit entry and, for a send, its job.
 */

const locked = (status: CampaignStatus, action: string, allowed: string) =>
  new AppError(409, 'CAMPAIGN_LOCKED', `This campaign is ${status}: only ${allowed} campaigns can be ${action}.`);

async function draftContent(tx: Executor, row: CampaignRow): Promise<DraftContent> {
  if (!row.draftId)
    throw new AppError(409, 'CAMPAIGN_NO_DRAFT', 'Choose the draft this campaign sends before sending it.');
  const [draft] = await tx
    .select({ subject: d.subject, preheader: d.preheader, format: d.format, markdown: d.markdown, blocks: d.blocks })
    .from(d)
    .where(and(eq(d.id, row.draftId), eq(d.projectId, row.projectId)));
  if (!draft) throw draftNotFound();
  return draft;
}

/** What a send call did, for its audit entry. */
export interface SendStarted {
  status: 'scheduled' | 'sending';
  recipients: number;
}

/**
 * Sends a draft campaign or resumes a paused one. Leaving `draft`, the draft's content is copied onto
 * the campaign (later edits to the draft change nothing); a paused one keeps its copy, its cursor
 * and its figures. Either way the content must still render (400 TEMPLATE_INVALID) and its lists
 * exist. With its time ahead it is `scheduled`, and the job waits for that time; otherwise it is
 * `sending` now, and needs someone to mail (409 AUDIENCE_EMPTY).
 */
export async function startSend(
  tx: Executor,
  deps: { needs: Pick<MarketingNeeds, 'integrations'>; jobs: JobEnqueuer },
  row: CampaignRow,
  now: Date,
): Promise<SendStarted> {
  if (row.status !== 'draft' && row.status !== 'paused') throw locked(row.status, 'sent', 'draft or paused');
  const content = row.status === 'draft' || !row.content ? await draftContent(tx, row) : row.content;
  compileOrRefuse(content, await mailContextOf(deps.needs, tx, row.projectId));
  await assertAudienceLists(tx, row.projectId, row.audience);
  const later = row.scheduledAt !== null && row.scheduledAt > now;
  let recipients = row.recipients;
  if (!later) {
    const count = await countAudience(tx, row.projectId, row.audience, now);
    if (count === 0)
      throw new AppError(
        409,
        'AUDIENCE_EMPTY',
        'Nobody is in this audience now: add subscribers to its lists or loosen its filters, then send it.',
      );
    // A resumed send keeps the figure it started with: the ones it mailed are no longer "to come".
    if (row.startedAt === null) recipients = count;
  }
  const status = later ? 'scheduled' : 'sending';
  await tx
    .update(c)
    .set({
      status,
      content,
      failure: null,
      recipients,
      ...(later ? {} : { startedAt: row.startedAt ?? now }),
      updatedAt: now,
    })
    .where(eq(c.id, row.id));
  const payload: SendPayload = { campaignId: row.id, run: now.toISOString() };
  await deps.jobs.enqueue(tx, CAMPAIGN_SEND_QUEUE, payload, { runAt: later ? row.scheduledAt! : now });
  return { status, recipients };
}

/** Stops a scheduled or sending campaign where it is: the batch on its way finishes, no other starts. */
export async function pauseSend(tx: Executor, row: CampaignRow, now: Date): Promise<void> {
  if (row.status !== 'sending' && row.status !== 'scheduled')
    throw locked(row.status, 'paused', 'sending or scheduled');
  await tx.update(c).set({ status: 'paused', updatedAt: now }).where(eq(c.id, row.id));
}

/** The error of a mail the relay had put off when its campaign was cancelled. */
export const CANCELLED_BEFORE_RETRY = 'The campaign was cancelled before this mail could be tried again.';

/**
 * Ends a campaign for good: those mailed stay mailed and counted, nobody else is; mails the relay had
 * put off are settled failed.
 */
export async function cancelSend(tx: Executor, row: CampaignRow, now: Date): Promise<void> {
  if (row.status !== 'scheduled' && row.status !== 'sending' && row.status !== 'paused')
    throw locked(row.status, 'cancelled', 'scheduled, sending or paused');
  await tx.update(c).set({ status: 'cancelled', finishedAt: now, updatedAt: now }).where(eq(c.id, row.id));
  await settleDeferred(tx, row.id, CANCELLED_BEFORE_RETRY);
}

/** What the person who sent a campaign reads when the Marketing module was uninstalled under it. */
export const UNINSTALLED_FAILURE =
  'Paused because the Marketing module was uninstalled. Install it again to resume this campaign.';

/**
 * The Marketing module leaves a project (in the uninstall's transaction): its campaigns on their way
 * or waiting for their time are paused, with the reason, so nothing more is mailed in its name. Once
 * the module is back, each can be resumed from where it stopped.
 */
export async function pauseProjectSends(tx: Executor, projectId: string, now: Date): Promise<void> {
  await tx
    .update(c)
    .set({ status: 'paused', failure: UNINSTALLED_FAILURE, updatedAt: now })
    .where(and(eq(c.projectId, projectId), inArray(c.status, ['sending', 'scheduled'])));
}
