import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../core/db/database.js';
import type { BatchOutcome } from '../../mail/service.js';
import { nextRecipients, type Recipient } from '../campaigns/audience.js';
import type { CampaignRow } from '../campaigns/campaign-views.js';
import {
  marketingCampaignRecipients as r,
  marketingCampaigns as c,
  marketingSubscriberEvents,
  marketingSubscribers,
} from '../schema.js';

/*
 * A campaign's recipient rows (decision 038): each is written, `sending`, in the transaction that
 * hands the subscriber to a batch, and that commits before the mail leaves. So whatever happens
 * next — a refused mail, a crash, a restart — nobody with a row is ever chosen again: the primary key
 * (campaign, subscriber) and the insert's ON CONFLICT DO NOTHING make "mailed at most once" a fact of
 * the table, not of the sender's care.
 */

/** The error of a recipient whose batch was cut short between its row and its outcome. */
export const INTERRUPTED = 'interrupted: not resent';

/** What choosing the next batch found. */
export type Claim =
  | { kind: 'batch'; campaign: CampaignRow; recipients: Recipient[] }
  /** Nobody is left: the campaign is now `sent`. */
  | { kind: 'done' }
  /** Paused, cancelled, or superseded by a later send call: this run ends. */
  | { kind: 'stop' };

/**
 * Chooses the next `limit` of the audience after the campaign's cursor, writes their rows and moves
 * the cursor on, in one transaction. The campaign's row is locked first (FOR UPDATE) — why two
 * workers never send one campaign at once: a second run (a quick pause and resume can leave the old
 * run finishing its batch while the new one starts) waits here, then reads the cursor the first one
 * committed and takes the batch after it; and were the cursor ever behind, the insert below skips
 * everyone with a row and only those it inserted are mailed. `still(row)` says whether this run may
 * go on (the status is re-read here, between batches).
 */
export async function claimBatch(
  db: Database,
  campaignId: string,
  limit: number,
  now: Date,
  still: (row: CampaignRow) => boolean,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, campaignId)).for('update');
    if (!row || !still(row)) return { kind: 'stop' };
    const next = await nextRecipients(tx, row.projectId, row.audience, row.sendCursor, limit, now);
    if (next.length === 0) {
      await tx.update(c).set({ status: 'sent', finishedAt: now, updatedAt: now }).where(eq(c.id, campaignId));
      return { kind: 'done' };
    }
    const inserted = await tx
      .insert(r)
      .values(
        next.map((p) => ({ campaignId, subscriberId: p.id, projectId: row.projectId, status: 'sending' as const })),
      )
      .onConflictDoNothing()
      .returning({ subscriberId: r.subscriberId });
    await tx
      .update(c)
      .set({ sendCursor: next.at(-1)!.id })
      .where(eq(c.id, campaignId));
    const fresh = new Set(inserted.map((i) => i.subscriberId));
    return { kind: 'batch', campaign: row, recipients: next.filter((p) => fresh.has(p.id)) };
  });
}

/**
 * A batch's outcomes, set-based (one statement whatever the batch's size): each row `sending` becomes
 * `sent` or `failed`, those delivered get a `sent` line in their activity, and the campaign's figures
 * grow by what really moved (a row another run already settled is not counted twice).
 */
export async function recordOutcomes(
  db: Executor,
  campaign: Pick<CampaignRow, 'id' | 'projectId'>,
  outcomes: readonly { subscriberId: string; outcome: BatchOutcome }[],
  now: Date,
): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = JSON.stringify(
    outcomes.map(({ subscriberId, outcome }) => ({
      subscriber_id: subscriberId,
      ok: outcome.ok,
      error: outcome.ok ? null : outcome.error.slice(0, 1000),
    })),
  );
  const at = now.toISOString();
  await db.execute(sql`
    with outcome as (
      select * from jsonb_to_recordset(${rows}::jsonb) as o(subscriber_id uuid, ok boolean, error text)
    ), moved as (
      update ${r} set
        status = case when outcome.ok then 'sent' else 'failed' end,
        sent_at = case when outcome.ok then ${at}::timestamptz end,
        error = outcome.error
      from outcome
      where ${r.campaignId} = ${campaign.id}::uuid and ${r.subscriberId} = outcome.subscriber_id and ${r.status} = 'sending'
      returning ${r.subscriberId} as subscriber_id, outcome.ok as ok
    ), logged as (
      insert into ${marketingSubscriberEvents} (project_id, subscriber_id, at, kind, campaign_id)
      select ${campaign.projectId}::uuid, moved.subscriber_id, ${at}::timestamptz, 'sent', ${campaign.id}::uuid
      from moved join ${marketingSubscribers} s on s.id = moved.subscriber_id
      where moved.ok
    )
    update ${c} set
      sent = sent + (select count(*) from moved),
      delivered = delivered + (select count(*) from moved where ok),
      failed = failed + (select count(*) from moved where not ok)
    where ${c.id} = ${campaign.id}::uuid`);
}

/**
 * Rows left `sending` by a run that stopped between writing them and recording their outcome: their
 * mails may or may not have left, so they are counted failed (sent, not delivered) and never resent.
 * Only a retried run calls this — its own earlier attempt is the one that stopped.
 */
export async function failInterrupted(db: Executor, campaignId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with cut as (
      update ${r} set status = 'failed', error = ${INTERRUPTED}
      where ${r.campaignId} = ${campaignId}::uuid and ${r.status} = 'sending'
      returning 1
    )
    update ${c} set
      sent = sent + (select count(*) from cut),
      failed = failed + (select count(*) from cut)
    where ${c.id} = ${campaignId}::uuid
    returning (select count(*) from cut)::int as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** The recipient row of a tracked link's subscriber in its campaign, in the link's project. */
export const recipientOf = (claims: { campaignId: string; subscriberId: string; projectId: string }) =>
  and(eq(r.campaignId, claims.campaignId), eq(r.subscriberId, claims.subscriberId), eq(r.projectId, claims.projectId))!;
