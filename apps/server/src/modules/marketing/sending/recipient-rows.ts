import { and, eq, min, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../core/db/database.js';
import {
  OUTCOME_COLUMNS,
  outcomeFields,
  statusAfterOutcome,
  staysDeferred,
  waitAfterDeferral,
} from '../../mail/deferrals.js';
import type { BatchOutcome } from '../../mail/service.js';
import { nextRecipients, type Recipient } from '../campaigns/audience.js';
import type { CampaignRow } from '../campaigns/campaign-views.js';
import {
  marketingCampaignRecipients as r,
  marketingCampaigns as c,
  marketingSubscriberEvents,
  marketingSubscribers as s,
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
  /** Only mails the relay put off are left, none due yet: the next run starts `until`. */
  | { kind: 'wait'; until: Date }
  /** Paused, cancelled, or superseded by a later send call: this run ends. */
  | { kind: 'stop' };

/**
 * Chooses the next `limit` recipients and writes their rows `sending`, in one transaction: first
 * mails the relay put off whose time to try again has come (`retryDue`), else the next of the audience
 * after the campaign's cursor, moving the cursor on. The campaign's row is locked first (FOR UPDATE) —
 * why two workers never send one campaign at once: a second run (a quick pause and resume can leave
 * the old run finishing its batch while the new one starts) waits here, then reads the cursor the
 * first one committed and takes the batch after it; and were the cursor ever behind, the insert
 * below skips everyone with a row and only those it inserted are mailed. `still(row)` says whether
 * this run may go on (the status is re-read here, between batches). With the audience done, the
 * campaign is `sent` once no mail waits to be tried again.
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
    const retried = await retryDue(tx, row, limit, now);
    if (retried.length > 0) return { kind: 'batch', campaign: row, recipients: retried };
    const next = await nextRecipients(tx, row.projectId, row.audience, row.sendCursor, limit, now);
    if (next.length === 0) {
      const [waiting] = await tx
        .select({ at: min(r.retryAt) })
        .from(r)
        .where(and(eq(r.campaignId, campaignId), eq(r.status, 'deferred')));
      if (waiting?.at) return { kind: 'wait', until: new Date(waiting.at) };
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
 * Put-off mails due to be tried again, at most `limit`, back to `sending` (in the claim's
 * transaction): those whose subscriber is still subscribed are answered as recipients; the others
 * (unsubscribed or erased since) are settled failed, never mailed.
 */
async function retryDue(tx: Executor, campaign: CampaignRow, limit: number, now: Date): Promise<Recipient[]> {
  const result = await tx.execute(sql`
    with due as (
      select ${r.subscriberId} as subscriber_id from ${r}
      where ${r.campaignId} = ${campaign.id}::uuid and ${r.status} = 'deferred'
        and ${r.retryAt} <= ${now.toISOString()}::timestamptz
      order by ${r.retryAt}
      limit ${limit}
    ), gone as (
      update ${r} set status = 'failed', error = ${NO_LONGER_SUBSCRIBED}, retry_at = null
      from due
      where ${r.campaignId} = ${campaign.id}::uuid and ${r.subscriberId} = due.subscriber_id
        and not exists (select 1 from ${s} where ${s.id} = due.subscriber_id and ${s.status} = 'subscribed')
      returning 1
    ), counted as (
      update ${c} set sent = sent + (select count(*) from gone), failed = failed + (select count(*) from gone)
      where ${c.id} = ${campaign.id}::uuid
    )
    update ${r} set status = 'sending', retry_at = null
    from due join ${s} on ${s.id} = due.subscriber_id and ${s.status} = 'subscribed'
    where ${r.campaignId} = ${campaign.id}::uuid and ${r.subscriberId} = due.subscriber_id
    returning ${s.id} as id, ${s.email} as email, ${s.name} as name, ${s.gender} as gender, ${s.attributes} as attributes`);
  return (result as unknown as { rows: Recipient[] }).rows;
}

/** The error of a put-off mail's recipient who unsubscribed (or was erased) before it was tried again. */
export const NO_LONGER_SUBSCRIBED = 'No longer subscribed when the mail was to be tried again.';

/**
 * A batch's outcomes, set-based (one statement whatever the batch's size): each row `sending` becomes
 * `sent`, `failed`, or — put off by the relay (`deferred`) — `deferred` until its `retry_at`
 * (mail/deferrals.ts: 5 min to 4 h), `failed` once put off five times. Those delivered get a `sent` line
 * in their activity, and the campaign's figures grow by what really settled (a row another run
 * already settled is not counted twice; a deferred one is counted when it settles). A mail put off
 * because the relay itself was down (`relayDown`) waits for the job's retry (`retry_at` now), and the
 * deferral is not held against its recipient.
 */
export async function recordOutcomes(
  db: Executor,
  campaign: Pick<CampaignRow, 'id' | 'projectId'>,
  outcomes: readonly { subscriberId: string; outcome: BatchOutcome }[],
  now: Date,
): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = JSON.stringify(
    outcomes.map(({ subscriberId, outcome }) => ({ subscriber_id: subscriberId, ...outcomeFields(outcome) })),
  );
  const at = now.toISOString();
  await db.execute(sql`
    with outcome as (
      select * from jsonb_to_recordset(${rows}::jsonb) as o(subscriber_id uuid, ${OUTCOME_COLUMNS})
    ), moved as (
      update ${r} set
        status = ${statusAfterOutcome(r.deferrals)},
        sent_at = case when outcome.ok then ${at}::timestamptz end,
        error = outcome.error,
        deferrals = ${r.deferrals} + outcome.counts,
        retry_at = case
          when not ${staysDeferred(r.deferrals)} then null
          when outcome.counts = 0 then ${at}::timestamptz
          else ${at}::timestamptz + ${waitAfterDeferral(sql`${r.deferrals} + 1`)}
        end
      from outcome
      where ${r.campaignId} = ${campaign.id}::uuid and ${r.subscriberId} = outcome.subscriber_id and ${r.status} = 'sending'
      returning ${r.subscriberId} as subscriber_id, ${r.status} as status
    ), logged as (
      insert into ${marketingSubscriberEvents} (project_id, subscriber_id, at, kind, campaign_id)
      select ${campaign.projectId}::uuid, moved.subscriber_id, ${at}::timestamptz, 'sent', ${campaign.id}::uuid
      from moved join ${s} on ${s.id} = moved.subscriber_id
      where moved.status = 'sent'
    )
    update ${c} set
      sent = sent + (select count(*) from moved where status <> 'deferred'),
      delivered = delivered + (select count(*) from moved where status = 'sent'),
      failed = failed + (select count(*) from moved where status = 'failed')
    where ${c.id} = ${campaign.id}::uuid`);
}

/**
 * Put-off mails of a campaign that ends (cancelled) are settled failed: nobody else is mailed, and its
 * figures add up.
 */
export async function settleDeferred(db: Executor, campaignId: string, error: string): Promise<void> {
  await db.execute(sql`
    with settled as (
      update ${r} set status = 'failed', error = ${error}, retry_at = null
      where ${r.campaignId} = ${campaignId}::uuid and ${r.status} = 'deferred'
      returning 1
    )
    update ${c} set
      sent = sent + (select count(*) from settled),
      failed = failed + (select count(*) from settled)
    where ${c.id} = ${campaignId}::uuid`);
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
