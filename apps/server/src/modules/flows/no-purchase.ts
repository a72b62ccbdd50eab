import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import { FLOW_NO_PURCHASE_QUEUE, type FlowNeeds } from './deps.js';
import { enterFlow } from './enrol.js';
import { flowVersions, flows } from './schema.js';

/*
 * "No purchase for N days" has no moment of its own to hook: time passing is the trigger. An hourly
 * job enters, into each active such flow, the project's subscribed subscribers whose last purchase
 * turned N days old lately — within LAPSE_LOOKBACK_MS, so each hour reads the last hours' lapses, not
 * everyone who ever lapsed, and a server down for a day still misses nobody. Like the other triggers
 * it takes people as it happens to them: those who lapsed long before the flow went live are a
 * campaign's audience ("not purchased in the last N days"), not this flow's. The entry key is that
 * last purchase's time, so someone already in for this lapse is not entered again (the hours overlap),
 * while a later order followed by a new lapse enters them anew.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PAGE = 1_000;
/** How far back each hourly pass looks for lapses: two days, so a pass missed by downtime loses nobody. */
export const LAPSE_LOOKBACK_MS = 2 * DAY_MS;

export interface NoPurchaseDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  integrations: FlowNeeds['integrations'];
  marketing: FlowNeeds['marketing'];
}

/** Enters the lately lapsed into every active "no purchase" flow; answers how many entered. */
export async function enterLapsed(deps: NoPurchaseDeps): Promise<number> {
  const now = deps.clock.now();
  const candidates = await deps.db
    .select({
      id: flows.id,
      name: flows.name,
      projectId: flows.projectId,
      version: flowVersions.version,
      definition: flowVersions.definition,
    })
    .from(flows)
    .innerJoin(flowVersions, and(eq(flowVersions.flowId, flows.id), eq(flowVersions.version, flows.liveVersion)))
    .where(and(eq(flows.status, 'active'), eq(flows.liveTrigger, 'noPurchase')));
  let entered = 0;
  for (const flow of candidates) {
    const trigger = flow.definition.trigger;
    if (trigger?.kind !== 'noPurchase') continue;
    if (!(await deps.integrations.hasModule(deps.db, flow.projectId, 'flows'))) continue;
    const through = new Date(now.getTime() - trigger.days * DAY_MS);
    const lapse = { after: new Date(through.getTime() - LAPSE_LOOKBACK_MS), through };
    let after: string | null = null;
    for (;;) {
      const lapsed = await deps.marketing.lapsedSubscribers(deps.db, flow.projectId, lapse, after, PAGE);
      if (lapsed.length === 0) break;
      entered += await deps.db.transaction((tx) =>
        enterFlow(
          tx,
          { integrations: deps.integrations, marketing: deps.marketing, jobs: deps.jobs },
          flow.projectId,
          flow,
          lapsed.map((row) => ({ subscriberId: row.id, entryKey: row.lastPurchasedAt!.toISOString() })),
          now,
        ),
      );
      if (lapsed.length < PAGE) break;
      after = lapsed.at(-1)!.id;
    }
  }
  return entered;
}

/** The hourly job: schedules its next run first, then enters the lapsed. */
export function registerNoPurchase(deps: NoPurchaseDeps): void {
  deps.jobs.register(FLOW_NO_PURCHASE_QUEUE, async () => {
    const next = new Date(deps.clock.now().getTime() + HOUR_MS);
    await deps.jobs.ensure(FLOW_NO_PURCHASE_QUEUE, {}, { runAt: next });
    await enterLapsed(deps);
  });
}

/** At start-up: the next hourly run, unless one is already waiting. */
export async function scheduleNoPurchase(jobs: JobQueue, clock: Clock): Promise<void> {
  await jobs.ensure(FLOW_NO_PURCHASE_QUEUE, {}, { runAt: new Date(clock.now().getTime() + HOUR_MS) });
}
