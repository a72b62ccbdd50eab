import type { FlowTrigger, FlowTriggerKind } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import { FLOW_ADVANCE_QUEUE, type FlowNeeds } from './deps.js';
import { flowRuns, flowVersions, flows } from './schema.js';

/** What enrolling needs: the module check, the activity lines, and the queue to wake the advance job on. */
export interface EnrolDeps {
  integrations: FlowNeeds['integrations'];
  marketing: Pick<FlowNeeds['marketing'], 'recordEvents'>;
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** One subscriber entering: `entryKey` tells apart entries a trigger may make again (see flow_runs). */
export interface Entrant {
  subscriberId: string;
  entryKey?: string;
}

/** The project's active flows whose live trigger is of this kind, with that trigger (flows_live_trigger_idx). */
export function activeFlowsOn(tx: Executor, projectId: string, kind: FlowTriggerKind) {
  return tx
    .select({
      id: flows.id,
      name: flows.name,
      version: flowVersions.version,
      definition: flowVersions.definition,
    })
    .from(flows)
    .innerJoin(flowVersions, and(eq(flowVersions.flowId, flows.id), eq(flowVersions.version, flows.liveVersion)))
    .where(and(eq(flows.projectId, projectId), eq(flows.status, 'active'), eq(flows.liveTrigger, kind)));
}

/**
 * Enters subscribers into one flow's live version, in the caller's transaction: a run at its first
 * step, due at `at`, and a `flow_entered` line for each that was not in already (the unique entry
 * index makes a trigger that fires twice enter them once). Wakes the advance job for `at` when anyone
 * entered; answers how many did.
 */
export async function enterFlow(
  tx: Executor,
  deps: EnrolDeps,
  projectId: string,
  flow: { id: string; name: string; version: number },
  entrants: readonly Entrant[],
  at: Date,
): Promise<number> {
  if (entrants.length === 0) return 0;
  const entered = await tx
    .insert(flowRuns)
    .values(
      entrants.map((entrant) => ({
        projectId,
        flowId: flow.id,
        subscriberId: entrant.subscriberId,
        version: flow.version,
        entryKey: entrant.entryKey ?? '',
        stepIndex: 0,
        status: 'active' as const,
        nextAt: at,
        startedAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing()
    .returning({ subscriberId: flowRuns.subscriberId });
  if (entered.length === 0) return 0;
  await deps.marketing.recordEvents(
    tx,
    entered.map((run) => ({ projectId, subscriberId: run.subscriberId, at, kind: 'flow_entered', detail: flow.name })),
  );
  await wakeAdvance(tx, deps.jobs, at);
  return entered.length;
}

/**
 * Enqueues the advance job for `at` in the caller's transaction, so it runs once the runs it is for
 * are committed. Several enrolments may each enqueue one: a run with nothing due costs one query.
 */
export function wakeAdvance(tx: Executor, jobs: Pick<JobQueue, 'enqueue'>, at: Date): Promise<string> {
  return jobs.enqueue(tx, FLOW_ADVANCE_QUEUE, { at: at.toISOString() }, { runAt: at });
}

/**
 * A trigger fired (a hook, in the triggering change's transaction): every active flow of the project
 * whose live trigger is this kind takes the entrants `entrantsOf` its trigger names — one query for
 * the flows however many entrants (an import's batch is thousands). Nothing happens in a project
 * without the Flows module.
 */
export async function enrol(
  tx: Executor,
  deps: EnrolDeps,
  event: {
    projectId: string;
    kind: FlowTriggerKind;
    at: Date;
    entrantsOf: (trigger: FlowTrigger) => Entrant[];
  },
): Promise<void> {
  const candidates = await activeFlowsOn(tx, event.projectId, event.kind);
  const chosen = candidates
    .map((flow) => ({ flow, entrants: flow.definition.trigger ? event.entrantsOf(flow.definition.trigger) : [] }))
    .filter(({ entrants }) => entrants.length > 0);
  if (chosen.length === 0) return;
  if (!(await deps.integrations.hasModule(tx, event.projectId, 'flows'))) return;
  for (const { flow, entrants } of chosen) await enterFlow(tx, deps, event.projectId, flow, entrants, event.at);
}

/** The Flows module leaves a project (in the uninstall's transaction): its active flows are paused. */
export async function pauseProjectFlows(tx: Executor, projectId: string, now: Date): Promise<void> {
  await tx
    .update(flows)
    .set({ status: 'paused', updatedAt: now })
    .where(and(eq(flows.projectId, projectId), eq(flows.status, 'active')));
}
