import type { CampaignStatus, CreateCampaignRequest, UpdateCampaignRequest } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError, badRequest } from '../../../core/errors.js';
import { marketingCampaigns as c } from '../schema.js';
import { assertAudienceLists } from './audience.js';
import { assertProjectDraft } from '../drafts/draft-views.js';
import type { CampaignRow } from './campaign-views.js';

/** Only these may be edited: the others are on their way out, out, or called off. */
const EDITABLE: readonly CampaignStatus[] = ['draft', 'paused'];

const campaignLocked = (status: CampaignStatus) =>
  new AppError(409, 'CAMPAIGN_LOCKED', `This campaign is ${status}: only draft and paused campaigns can be changed.`);

/** The draft and lists a campaign is given must be the project's (404 otherwise, naming no other project). */
async function assertOwnParts(
  tx: Executor,
  projectId: string,
  parts: Pick<UpdateCampaignRequest, 'draftId' | 'audience'>,
): Promise<void> {
  if (parts.draftId) await assertProjectDraft(tx, projectId, parts.draftId);
  if (parts.audience) await assertAudienceLists(tx, projectId, parts.audience);
}

export async function createCampaign(
  tx: Executor,
  input: { projectId: string; campaign: CreateCampaignRequest; userId: string | null; now: Date },
): Promise<string> {
  const { projectId, campaign, now } = input;
  await assertOwnParts(tx, projectId, campaign);
  const [row] = await tx
    .insert(c)
    .values({
      projectId,
      name: campaign.name,
      draftId: campaign.draftId,
      audience: campaign.audience,
      status: 'draft',
      createdBy: input.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: c.id });
  return row!.id;
}

/** JSON with every object's keys sorted: jsonb gives keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields a change really changes (the audit entry names them; none is a no-op that still counts). */
export function changedFields(row: CampaignRow, body: UpdateCampaignRequest): string[] {
  const changed: string[] = [];
  if (body.name !== undefined && body.name !== row.name) changed.push('name');
  if (body.draftId !== undefined && body.draftId !== row.draftId) changed.push('draft');
  if (body.audience !== undefined && canonical(body.audience) !== canonical(row.audience)) changed.push('audience');
  if (body.scheduledAt !== undefined) {
    const at = body.scheduledAt === null ? null : Date.parse(body.scheduledAt);
    if (at !== (row.scheduledAt?.getTime() ?? null)) changed.push('schedule');
  }
  return changed;
}

/**
 * A change of a draft or paused campaign. A schedule must be in the future (a time in the past is
 * bad input, whatever the campaign's status); setting one does not start a send — that is the send
 * call's, which moves the status.
 */
export async function updateCampaign(
  tx: Executor,
  row: CampaignRow,
  body: UpdateCampaignRequest,
  now: Date,
): Promise<string[]> {
  if (body.scheduledAt && Date.parse(body.scheduledAt) <= now.getTime())
    throw badRequest('Choose a time in the future.', 'SCHEDULE_IN_PAST');
  if (!EDITABLE.includes(row.status)) throw campaignLocked(row.status);
  await assertOwnParts(tx, row.projectId, body);
  const changed = changedFields(row, body);
  // Its content was fixed and part of its audience mailed: another draft or audience would be another campaign.
  if (row.status === 'paused' && changed.some((field) => field === 'draft' || field === 'audience'))
    throw new AppError(
      409,
      'CAMPAIGN_LOCKED',
      'This campaign has started sending: its draft and audience are fixed. Only its name and schedule can be changed.',
    );
  if (changed.length === 0) return changed;
  await tx
    .update(c)
    .set({
      name: body.name,
      draftId: body.draftId,
      audience: body.audience,
      scheduledAt:
        body.scheduledAt === undefined ? undefined : body.scheduledAt === null ? null : new Date(body.scheduledAt),
      updatedAt: now,
    })
    .where(eq(c.id, row.id));
  return changed;
}
