import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import type { JobEnqueuer, JobQueue } from '../../../core/jobs/queue.js';
import type { BatchOutcome, MailMessage, MailService } from '../../mail/service.js';
import type { Recipient } from '../campaigns/audience.js';
import { countAudience } from '../campaigns/audience.js';
import type { CampaignRow } from '../campaigns/campaign-views.js';
import type { SubscriptionLinks } from '../links.js';
import type { MailContext } from '../render/compile.js';
import { TemplateError } from '../render/liquid.js';
import { marketingCampaigns as c } from '../schema.js';
import { mailComposer, type ComposeMail } from './compose.js';
import { claimBatch, failInterrupted, recordOutcomes } from './recipient-rows.js';

/** The queue of campaign sends: one job at a time per campaign, its payload `SendPayload`. */
export const CAMPAIGN_SEND_QUEUE = 'marketing.campaign-send';

/**
 * `run` is the campaign's `updatedAt` when the send call started it: a later send call (a resume)
 * starts a new run, and a job of the earlier one that is still about sees the mismatch and ends,
 * so quick pause-and-resume leaves one chain of jobs, not two.
 */
export interface SendPayload {
  campaignId: string;
  run: string;
}

/** Mails per batch: one transaction to choose and record them, one `sendBatch`, one to record outcomes. */
export const SEND_BATCH_SIZE = 500;
/**
 * Mails a second one process hands its SMTP relay, at most. 2,000/s keeps a relay of our own busy
 * through the pool's five connections (bench/mail-send.ts) without flooding a shared one; a send to
 * a million takes under ten minutes. Each worker runs one job at a time, so this is per process.
 */
export const SEND_RATE_PER_SECOND = 2_000;
/**
 * How long one job sends before it hands over to the next: long sends are many short jobs, so the
 * queue's claim never lapses mid-run, other queues get their turn, and a stopping server waits
 * for one slice at most.
 */
export const SEND_SLICE_MS = 10_000;

export interface CampaignSendDeps {
  db: Database;
  clock: Clock;
  jobs: JobEnqueuer;
  mail: Pick<MailService, 'sendBatch'>;
  /** Who the project's mails are from (render/mail-context.ts). */
  mailContext: (projectId: string) => Promise<MailContext>;
  links: () => Promise<SubscriptionLinks>;
  log?: (message: string, details?: unknown) => void;
  batchSize?: number;
  ratePerSecond?: number;
  sliceMs?: number;
  /** Told after a batch's rows are committed, before its mails leave (tests stop a run there, as a crash would). */
  onClaimed?: (subscriberIds: readonly string[]) => void | Promise<void>;
}

/** What the person who sent the campaign reads when its draft no longer renders. */
const compileFailure = (error: TemplateError) =>
  `The mail stopped rendering, so sending was paused: ${error.message} Fix the draft, then start a new campaign with it.`;

/**
 * The relay itself could not take a batch's mails (unreachable, refusing the login, closing with
 * 421). Thrown after they were recorded `deferred` (due now), so the queue retries the run with its
 * back-off; once the attempts are used up the campaign is paused with this message
 * (`pauseAfterFailing`). A mail put off for its recipient alone (a 4xx to RCPT) waits its turn
 * instead (recipient-rows.ts, mail/deferrals.ts) while the others go.
 */
class RelayPutOff extends Error {
  constructor(count: number, reason: string) {
    super(`The mail server did not take ${count === 1 ? '1 mail' : `${count} mails`} for now (${reason}).`);
  }
}

/** What the person who sent the campaign reads once its run has failed every attempt. */
const repeatedFailure = (error: unknown) =>
  `Sending was paused after repeated errors: ${error instanceof Error ? error.message : String(error)} Resume the campaign to go on from where it stopped.`;

/** A run may go on while the campaign is `sending` in the run that started this chain of jobs. */
const stillOurs = (payload: SendPayload) => (row: CampaignRow) =>
  row.status === 'sending' && row.updatedAt.toISOString() === payload.run;

/**
 * A scheduled campaign whose time has come starts sending here: its start time and recipients are
 * fixed now, as the send call does for a campaign sent at once. Answers the campaign as it is, or
 * undefined when this run has nothing to do.
 */
async function begin(deps: CampaignSendDeps, payload: SendPayload, retried: boolean): Promise<CampaignRow | undefined> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, payload.campaignId)).for('update');
    if (!row || row.updatedAt.toISOString() !== payload.run) return undefined;
    // Our own earlier attempt stopped mid-batch: its rows are settled before anything else.
    if (retried) await failInterrupted(tx, row.id);
    const now = clock.now();
    if (row.status === 'scheduled') {
      if (row.scheduledAt && row.scheduledAt > now) return undefined;
      const recipients =
        row.startedAt === null ? await countAudience(tx, row.projectId, row.audience, now) : row.recipients;
      const [started] = await tx
        .update(c)
        .set({ status: 'sending', startedAt: row.startedAt ?? now, recipients })
        .where(eq(c.id, row.id))
        .returning();
      return started;
    }
    return row.status === 'sending' ? row : undefined;
  });
}

/** The run's composer, or the campaign paused with a sentence saying why (a crash loop helps nobody). */
async function composerFor(deps: CampaignSendDeps, row: CampaignRow): Promise<ComposeMail | undefined> {
  try {
    if (!row.content) throw new TemplateError([]);
    return mailComposer(row.content, await deps.mailContext(row.projectId), await deps.links(), {
      projectId: row.projectId,
      campaignId: row.id,
      track: true,
    });
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    await deps.db
      .update(c)
      .set({ status: 'paused', failure: compileFailure(error) })
      // Only while still sending: a campaign cancelled meanwhile stays cancelled.
      .where(and(eq(c.id, row.id), eq(c.status, 'sending')));
    return undefined;
  }
}

/** Each recipient's mail; one that cannot be filled in (a template past its limits) fails alone. */
function compose(composeMail: ComposeMail, recipients: readonly Recipient[]) {
  const messages: MailMessage[] = [];
  const unrendered: { subscriberId: string; error: string }[] = [];
  const mailed: string[] = [];
  for (const recipient of recipients) {
    try {
      messages.push(composeMail(recipient));
      mailed.push(recipient.id);
    } catch (error) {
      unrendered.push({ subscriberId: recipient.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { messages, mailed, unrendered };
}

/**
 * One run of a campaign's send: batch after batch until the audience is done (the campaign becomes
 * `sent`), the campaign is paused or cancelled (seen between batches), or the run has used its slice
 * of time or of the rate — then it enqueues the next run, no sooner than the rate allows, and ends.
 * It never sleeps. `attempt` above 1 means an earlier attempt of this job stopped part-way. A
 * process that stops ends the run after its batch, and the next run (on any process) goes on.
 */
export async function runCampaignSend(
  deps: CampaignSendDeps,
  payload: SendPayload,
  attempt = 1,
  /** Aborted when the process stops (a deploy): the batch in flight finishes, no other starts. */
  stopping?: AbortSignal,
): Promise<void> {
  const { db, clock } = deps;
  const batchSize = deps.batchSize ?? SEND_BATCH_SIZE;
  const rate = deps.ratePerSecond ?? SEND_RATE_PER_SECOND;
  const sliceMs = deps.sliceMs ?? SEND_SLICE_MS;
  const budget = Math.max(1, Math.floor((rate * sliceMs) / 1000));

  const row = await begin(deps, payload, attempt > 1);
  if (!row) return;
  const composeMail = await composerFor(deps, row);
  if (!composeMail) return;

  const startedAt = clock.now().getTime();
  let handed = 0;
  const still = stillOurs(payload);
  while (handed < budget && clock.now().getTime() - startedAt < sliceMs && !stopping?.aborted) {
    const claim = await claimBatch(db, row.id, Math.min(batchSize, budget - handed), clock.now(), still);
    // Only put-off mails are left: the next run comes when the first of them may be tried again.
    if (claim.kind === 'wait') {
      await deps.jobs.enqueue(db, CAMPAIGN_SEND_QUEUE, payload, { runAt: claim.until });
      return;
    }
    if (claim.kind !== 'batch') return;
    const { recipients } = claim;
    handed += recipients.length;
    if (recipients.length === 0) continue;
    await deps.onClaimed?.(recipients.map((p) => p.id));
    const { messages, mailed, unrendered } = compose(composeMail, recipients);
    const outcomes = await deps.mail.sendBatch(messages);
    const settled: { subscriberId: string; outcome: BatchOutcome }[] = [
      ...mailed.map((subscriberId, i) => ({ subscriberId, outcome: outcomes[i]! })),
      ...unrendered.map(({ subscriberId, error }) => ({ subscriberId, outcome: { ok: false as const, error } })),
    ];
    await recordOutcomes(db, row, settled, clock.now());
    // The relay itself could not take mail (down, refusing the login): the mails it put off wait for
    // the job's retry, its back-off and in the end a pause — not a deferral held against each recipient.
    const relayErrors = settled.flatMap(({ outcome }) => (!outcome.ok && outcome.relayDown ? [outcome.error] : []));
    if (relayErrors.length > 0) throw new RelayPutOff(relayErrors.length, relayErrors[0]!);
  }
  // The slice or the budget is used up: the next run starts when the rate allows it.
  const due = Math.max(clock.now().getTime(), startedAt + Math.ceil((handed * 1000) / rate));
  await deps.jobs.enqueue(db, CAMPAIGN_SEND_QUEUE, payload, { runAt: new Date(due) });
}

/**
 * A run that failed every attempt (the relay down for minutes, the database unreachable) leaves the
 * campaign paused with the reason, instead of `sending` for ever: its cut batch is settled as a retry
 * would, and resuming it starts a new run from its cursor. Only the run's own chain is touched: a
 * campaign paused, cancelled or resumed since stays as it is.
 */
export async function pauseAfterFailing(
  deps: Pick<CampaignSendDeps, 'db' | 'clock'>,
  payload: SendPayload,
  error: unknown,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(c).where(eq(c.id, payload.campaignId)).for('update');
    const ours =
      row && (row.status === 'sending' || row.status === 'scheduled') && row.updatedAt.toISOString() === payload.run;
    if (!ours) return;
    await failInterrupted(tx, row.id);
    await tx
      .update(c)
      .set({ status: 'paused', failure: repeatedFailure(error), updatedAt: deps.clock.now() })
      .where(eq(c.id, row.id));
  });
}

/** The send queue, in the module's setup. A run that fails is retried, and settles its cut batch first. */
export function registerCampaignSendJob(jobs: JobQueue, deps: CampaignSendDeps): void {
  jobs.register<SendPayload>(
    CAMPAIGN_SEND_QUEUE,
    (payload, context) => runCampaignSend(deps, payload, context.job.attempts, context.signal),
    { onGiveUp: (payload, error) => pauseAfterFailing(deps, payload, error) },
  );
}
