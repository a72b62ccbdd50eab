import type { DraftContent, FlowDefinition, FlowStep } from '@wharf/contract';
import { and, asc, eq, gt, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { payloadIs } from '../../core/jobs/inspect.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import { OUTCOME_COLUMNS, outcomeFields, statusAfterOutcome, waitAfterDeferral } from '../mail/deferrals.js';
import type { MailMessage } from '../mail/service.js';
import { FLOW_ADVANCE_QUEUE, type FlowNeeds } from './deps.js';
import { audienceOf } from './flow-definition.js';
import { flowRuns, flowSends, flowVersions, flows } from './schema.js';

/*
 * Moving runs on (decision 039). A pass claims due runs of active flows a batch at a time (FOR UPDATE
 * SKIP LOCKED, so workers side by side take different runs) and, in one transaction per batch, takes
 * each run through its steps from where it stands: a wait sets when it is next due and stops; a
 * condition that fails ends the run (exited); a send records its mail in flow_sends and moves on.
 * The run's new step is stored in that same transaction, so a restart neither repeats nor skips a step.
 *
 * At most once: a send step's flow_sends row ('sending') and the run's step past it commit together,
 * BEFORE the mail is handed over with mail.sendBatch. A crash after the commit leaves the row, the run
 * has moved on, and nothing sends it again (the row turns `failed` later: `failInterruptedSends`).
 * mail.enqueue in the transaction would make the hand-over to the outbox exactly once, but the
 * outbox's own flush to SMTP sends and then marks, so a crash between the two sends the mail again:
 * at least once. sendBatch goes straight to the server (or, without SMTP, to the outbox in one
 * statement), after our record: never twice, and lost only to a crash at that very moment.
 */

const BATCH = 100;
const HOUR_MS = 3_600_000;
const UNIT_MS = { hours: HOUR_MS, days: 24 * HOUR_MS } as const;
/** A send still `sending` this long after it was recorded lost its process: it is never sent again. */
const INTERRUPTED_AFTER_MS = 15 * 60_000;

export interface AdvanceDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  marketing: FlowNeeds['marketing'];
  mail: Pick<FlowNeeds['mail'], 'sendBatch'>;
}

interface VersionRow {
  definition: FlowDefinition;
  mails: Record<string, DraftContent>;
}

interface DueRun {
  id: string;
  projectId: string;
  flowId: string;
  flowName: string;
  subscriberId: string;
  version: number;
  stepIndex: number;
}

interface PendingMail {
  runId: string;
  stepId: string;
  /** The send step's place in the run's version: where the run goes back to should the relay put it off. */
  stepIndex: number;
  projectId: string;
  subscriberId: string;
  flowName: string;
  message: MailMessage;
}

interface Outcome {
  stepIndex: number;
  status: 'active' | 'completed' | 'exited';
  nextAt: Date | null;
  exitReason: string | null;
}

/** One pass of the advance job: every due run of an active flow, then the next wake-up. */
export async function advanceFlows(deps: AdvanceDeps): Promise<void> {
  await failInterruptedSends(deps);
  for (;;) {
    const { claimed, mails } = await deps.db.transaction((tx) => advanceBatch(tx, deps));
    if (mails.length > 0) await handOver(deps, mails);
    if (claimed < BATCH) break;
  }
  await scheduleNext(deps);
}

/** Claims a batch of due runs and takes each as far as it goes now; answers the mails to hand over. */
async function advanceBatch(tx: Executor, deps: AdvanceDeps): Promise<{ claimed: number; mails: PendingMail[] }> {
  const now = deps.clock.now();
  // Runs of paused flows are not taken: they stay due, and go on when the flow is resumed.
  const due: DueRun[] = await tx
    .select({
      id: flowRuns.id,
      projectId: flowRuns.projectId,
      flowId: flowRuns.flowId,
      flowName: flows.name,
      subscriberId: flowRuns.subscriberId,
      version: flowRuns.version,
      stepIndex: flowRuns.stepIndex,
    })
    .from(flowRuns)
    .innerJoin(flows, eq(flows.id, flowRuns.flowId))
    .where(and(eq(flowRuns.status, 'active'), lte(flowRuns.nextAt, now), eq(flows.status, 'active')))
    .orderBy(asc(flowRuns.nextAt))
    .limit(BATCH)
    .for('update', { of: flowRuns, skipLocked: true });
  if (due.length === 0) return { claimed: 0, mails: [] };

  const versions = await versionsOf(tx, due);
  const subscribers = new Map<string, Awaited<ReturnType<AdvanceDeps['marketing']['subscribersByIds']>>[number]>();
  for (const projectId of new Set(due.map((run) => run.projectId))) {
    const ids = due.filter((run) => run.projectId === projectId).map((run) => run.subscriberId);
    for (const row of await deps.marketing.subscribersByIds(tx, projectId, ids)) subscribers.set(row.id, row);
  }
  const composers = composerCache(tx, deps);
  const mails: PendingMail[] = [];
  for (const run of due) {
    try {
      // A savepoint per run: one that cannot go on (a mail past its render limits for this
      // subscriber, a step that no longer makes sense) ends alone, and the batch — every other
      // project's flows with it — goes on.
      mails.push(
        ...(await tx.transaction((savepoint) =>
          advanceRun(savepoint, deps, run, { now, versions, subscribers, composers }),
        )),
      );
    } catch (error) {
      const reason = `error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
      await tx
        .update(flowRuns)
        .set({ status: 'exited', nextAt: null, exitReason: reason, updatedAt: now })
        .where(eq(flowRuns.id, run.id));
    }
  }
  return { claimed: due.length, mails };
}

interface BatchParts {
  now: Date;
  versions: Map<string, VersionRow>;
  subscribers: Map<string, Awaited<ReturnType<AdvanceDeps['marketing']['subscribersByIds']>>[number]>;
  composers: ReturnType<typeof composerCache>;
}

/** Takes one run as far as it goes now, its progress stored; answers the mails it is to be sent. */
async function advanceRun(
  tx: Executor,
  deps: AdvanceDeps,
  run: DueRun,
  { now, versions, subscribers, composers }: BatchParts,
): Promise<PendingMail[]> {
  const mails: PendingMail[] = [];
  const version = versions.get(`${run.flowId}:${run.version}`)!;
  const steps = version.definition.steps;
  let stepIndex = run.stepIndex;
  let outcome: Outcome | undefined;
  while (!outcome) {
    const step: FlowStep | undefined = steps[stepIndex];
    if (!step) {
      outcome = { stepIndex, status: 'completed', nextAt: null, exitReason: null };
    } else if (step.kind === 'wait') {
      const nextAt = new Date(now.getTime() + step.amount * UNIT_MS[step.unit]);
      outcome = { stepIndex: stepIndex + 1, status: 'active', nextAt, exitReason: null };
    } else if (step.kind === 'condition') {
      const audiences = step.conditions.map(audienceOf);
      if (await deps.marketing.subscriberMatches(tx, run.projectId, run.subscriberId, audiences, now)) stepIndex++;
      else outcome = { stepIndex, status: 'exited', nextAt: null, exitReason: `condition:${step.id}` };
    } else {
      const subscriber = subscribers.get(run.subscriberId);
      if (subscriber?.status !== 'subscribed') {
        outcome = { stepIndex, status: 'exited', nextAt: null, exitReason: 'not subscribed' };
        continue;
      }
      // Recorded before the mail goes: a row already there (a send interrupted, sent or failed) is never
      // sent again — unless the relay put it off, when it is this step's turn to try again.
      const recorded = await tx
        .insert(flowSends)
        .values({ runId: run.id, stepId: step.id, projectId: run.projectId, status: 'sending', at: now })
        .onConflictDoUpdate({
          target: [flowSends.runId, flowSends.stepId],
          set: { status: 'sending', at: now },
          setWhere: eq(flowSends.status, 'deferred'),
        })
        .returning({ runId: flowSends.runId });
      if (recorded.length > 0) {
        const compose = await composers(run, version.mails[step.id]!, step.id);
        mails.push({
          runId: run.id,
          stepId: step.id,
          stepIndex,
          projectId: run.projectId,
          subscriberId: run.subscriberId,
          flowName: run.flowName,
          message: compose(subscriber),
        });
      }
      stepIndex++;
    }
  }
  await tx
    .update(flowRuns)
    .set({ ...outcome, updatedAt: now })
    .where(eq(flowRuns.id, run.id));
  return mails;
}

/** The versions the runs are on, by `flow:version`: each run keeps the version it entered. Only those are read. */
async function versionsOf(tx: Executor, due: readonly DueRun[]): Promise<Map<string, VersionRow>> {
  const found = new Map<string, VersionRow>();
  const wanted = new Map(due.map((run) => [`${run.flowId}:${run.version}`, run]));
  const rows = await tx
    .select({
      flowId: flowVersions.flowId,
      version: flowVersions.version,
      definition: flowVersions.definition,
      mails: flowVersions.mails,
    })
    .from(flowVersions)
    .where(
      or(
        ...[...wanted.values()].map((run) =>
          and(eq(flowVersions.flowId, run.flowId), eq(flowVersions.version, run.version)),
        ),
      ),
    );
  for (const row of rows) found.set(`${row.flowId}:${row.version}`, row);
  return found;
}

/** Each published mail compiled once per batch, in its project's sender name, with its unsubscribe links. */
function composerCache(tx: Executor, deps: AdvanceDeps) {
  const contexts = new Map<string, ReturnType<AdvanceDeps['marketing']['mailContextOf']>>();
  const composers = new Map<string, ReturnType<AdvanceDeps['marketing']['mailComposer']>>();
  return async (run: DueRun, content: DraftContent, stepId: string) => {
    const key = `${run.flowId}:${run.version}:${stepId}`;
    let compose = composers.get(key);
    if (!compose) {
      let context = contexts.get(run.projectId);
      if (!context) {
        context = deps.marketing.mailContextOf(tx, run.projectId);
        contexts.set(run.projectId, context);
      }
      compose = deps.marketing.mailComposer(content, await context, deps.marketing.links, {
        projectId: run.projectId,
        track: false,
      });
      composers.set(key, compose);
    }
    return compose;
  };
}

/**
 * Hands the batch's mails to the mail service, then records their outcomes set-based (one statement
 * for the sends, one for the activity, whatever the batch's size). A mail the relay put off stays
 * `deferred` and its run goes back to that send step, due again after the next wait of
 * mail/deferrals.ts; put off five times for its recipient, it is `failed` and the run goes
 * on. A relay that was down (`relayDown`) does not count against the recipient: the mail waits for it.
 * Steps after the send that already ran are passed over when the run comes back (their sends have
 * rows), or, for waits and conditions, taken again from that moment.
 */
async function handOver(deps: AdvanceDeps, mails: readonly PendingMail[]): Promise<void> {
  const outcomes = await deps.mail.sendBatch(mails.map((mail) => mail.message));
  const now = deps.clock.now();
  const settled = mails.map((mail, i) => ({ mail, outcome: outcomes[i]! }));
  const rows = JSON.stringify(
    settled.map(({ mail, outcome }) => ({
      run_id: mail.runId,
      step_id: mail.stepId,
      step_index: mail.stepIndex,
      ...outcomeFields(outcome),
    })),
  );
  const at = now.toISOString();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      with outcome as (
        select * from jsonb_to_recordset(${rows}::jsonb)
          as o(run_id uuid, step_id text, step_index int, ${OUTCOME_COLUMNS})
      ), settled as (
        update ${flowSends} set
          status = ${statusAfterOutcome(flowSends.deferrals)},
          at = ${at}::timestamptz,
          error = outcome.error,
          deferrals = ${flowSends.deferrals} + outcome.counts
        from outcome
        where ${flowSends.runId} = outcome.run_id and ${flowSends.stepId} = outcome.step_id
        returning ${flowSends.runId} as run_id, ${flowSends.stepId} as step_id, ${flowSends.status} as status,
          ${flowSends.deferrals} as deferrals
      ), put_back as (
        select settled.run_id, min(outcome.step_index) as step_index, max(settled.deferrals) as deferrals
        from settled join outcome on outcome.run_id = settled.run_id and outcome.step_id = settled.step_id
        where settled.status = 'deferred'
        group by settled.run_id
      )
      update ${flowRuns} set
        step_index = put_back.step_index,
        status = 'active',
        next_at = ${at}::timestamptz + ${waitAfterDeferral(sql.raw('put_back.deferrals'))},
        exit_reason = null,
        updated_at = ${at}::timestamptz
      from put_back
      where ${flowRuns.id} = put_back.run_id`);
    await deps.marketing.recordEvents(
      tx,
      settled
        .filter(({ outcome }) => outcome.ok)
        .map(({ mail }) => ({
          projectId: mail.projectId,
          subscriberId: mail.subscriberId,
          at: now,
          kind: 'sent',
          detail: mail.flowName,
        })),
    );
  });
}

/**
 * Sends left `sending` by a process that stopped between its record and the hand-over: the run has
 * moved past them, and whether the mail went is unknown, so they are marked failed, never sent again.
 */
async function failInterruptedSends(deps: AdvanceDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - INTERRUPTED_AFTER_MS);
  await deps.db
    .update(flowSends)
    .set({ status: 'failed', error: 'The server stopped while handing this mail over; it was not sent again.' })
    .where(and(eq(flowSends.status, 'sending'), lt(flowSends.at, before)));
}

/**
 * Wakes the job again when the next run of an active flow is due (a wait ends). One pending wake per
 * time: `ensure` adds none where one for that moment waits; enrolments and resumes wake it themselves.
 */
async function scheduleNext(deps: AdvanceDeps): Promise<void> {
  const now = deps.clock.now();
  const [next] = await deps.db
    .select({ at: min(flowRuns.nextAt) })
    .from(flowRuns)
    .innerJoin(flows, eq(flows.id, flowRuns.flowId))
    .where(and(eq(flowRuns.status, 'active'), gt(flowRuns.nextAt, now), eq(flows.status, 'active')));
  if (!next?.at) return;
  const at = new Date(next.at);
  await deps.jobs.ensure(
    FLOW_ADVANCE_QUEUE,
    { at: at.toISOString() },
    {
      runAt: at,
      same: payloadIs('at', at.toISOString()),
    },
  );
}

/** Registers the advance job's queue. */
export function registerAdvance(deps: AdvanceDeps): void {
  deps.jobs.register(FLOW_ADVANCE_QUEUE, () => advanceFlows(deps));
}
