import type { SubscriberEventKind, SubscriberEventPage } from '@wharf/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { decodePageToken, encodePageToken, invalidPageToken } from '../../../core/pagination.js';
import { marketingCampaigns, marketingSubscriberEvents as e } from '../schema.js';

/** One line of a subscriber's activity to write. */
export interface SubscriberEventRow {
  projectId: string;
  subscriberId: string;
  at: Date;
  kind: SubscriberEventKind;
  campaignId?: string | null;
  detail?: string | null;
}

/**
 * Writes lines of subscribers' activity in one statement, in the order given (their `seq` follows it).
 * Other areas of the module (imports, sends, flows) write theirs through this too.
 */
export async function recordEvents(tx: Executor, rows: readonly SubscriberEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(e).values(
    rows.map((row) => ({
      projectId: row.projectId,
      subscriberId: row.subscriberId,
      at: row.at,
      kind: row.kind,
      campaignId: row.campaignId ?? null,
      detail: row.detail ?? null,
    })),
  );
}

/** A page token of this list holds the last line's `seq` (a whole number) where time lists hold a time. */
function afterSeq(token: string | undefined): number | undefined {
  if (!token) return undefined;
  const { at } = decodePageToken(token);
  if (!/^\d{1,15}$/.test(at)) throw invalidPageToken();
  return Number(at);
}

/** A page of a subscriber's activity, newest first (by the order it was written), with each line's campaign. */
export async function listSubscriberEvents(
  db: Executor,
  subscriberId: string,
  query: { pageSize: number; pageToken?: string | undefined },
): Promise<SubscriberEventPage> {
  const after = afterSeq(query.pageToken);
  const rows = await db
    .select({
      id: e.id,
      seq: e.seq,
      at: e.at,
      kind: e.kind,
      detail: e.detail,
      campaignId: e.campaignId,
      campaignName: marketingCampaigns.name,
    })
    .from(e)
    .leftJoin(marketingCampaigns, eq(marketingCampaigns.id, e.campaignId))
    .where(and(eq(e.subscriberId, subscriberId), after === undefined ? undefined : lt(e.seq, after)))
    .orderBy(desc(e.seq))
    .limit(query.pageSize + 1);
  const items = rows.slice(0, query.pageSize);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      // A deleted campaign leaves its id on the line but nothing to show.
      campaign: row.campaignId && row.campaignName !== null ? { id: row.campaignId, name: row.campaignName } : null,
      detail: row.detail,
    })),
    nextPageToken: rows.length > query.pageSize && last ? encodePageToken({ at: String(last.seq), id: last.id }) : null,
  };
}
