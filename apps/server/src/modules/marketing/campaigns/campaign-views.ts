import type { Campaign } from '@wharf/contract';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import { marketingCampaigns as c, marketingDrafts as d } from '../schema.js';

export type CampaignRow = typeof c.$inferSelect;

export const campaignNotFound = () => notFound('There is no such campaign in this project.', 'CAMPAIGN_NOT_FOUND');

/** The project's campaign, or 404 (another project's answers as one that does not exist); `lock` holds its row. */
export async function findCampaign(tx: Executor, projectId: string, campaignId: string, lock = false) {
  const query = tx
    .select()
    .from(c)
    .where(and(eq(c.projectId, projectId), eq(c.id, campaignId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw campaignNotFound();
  return row;
}

// The content (a rendered mail) is the sender's, not the console's.
const { content: _content, ...campaignColumns } = getTableColumns(c);

/** Campaigns with their draft's name and subject, for `where` (which must name the project). */
export function selectCampaigns(db: Executor, where: SQL) {
  return db
    .select({ campaign: campaignColumns, draft: { id: d.id, name: d.name, subject: d.subject } })
    .from(c)
    .leftJoin(d, and(eq(d.id, c.draftId), eq(d.projectId, c.projectId)))
    .where(where);
}

type SelectedCampaign = Awaited<ReturnType<typeof selectCampaigns>>[number];

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toCampaign({ campaign: row, draft }: SelectedCampaign): Campaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    draft: draft ? { id: draft.id, name: draft.name, subject: draft.subject } : null,
    audience: row.audience,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    failure: row.failure,
    stats: {
      recipients: row.recipients,
      sent: row.sent,
      delivered: row.delivered,
      failed: row.failed,
      opened: row.opened,
      clicked: row.clicked,
      unsubscribed: row.unsubscribed,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One campaign as `getCampaign` answers it. */
export async function campaignView(db: Executor, projectId: string, campaignId: string): Promise<Campaign> {
  const [found] = await selectCampaigns(db, and(eq(c.projectId, projectId), eq(c.id, campaignId))!);
  if (!found) throw campaignNotFound();
  return toCampaign(found);
}
