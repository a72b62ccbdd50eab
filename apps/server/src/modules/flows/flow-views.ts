import { isDeepStrictEqual } from 'node:util';
import type { Flow, FlowDefinition, FlowDraft } from '@wharf/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { notFound } from '../../core/errors.js';
import { flowRuns, flowVersions, flows } from './schema.js';

export type FlowRow = typeof flows.$inferSelect;

export const EMPTY_DEFINITION: FlowDefinition = { trigger: null, steps: [] };

export const flowNotFound = () => notFound('There is no such flow in this project.', 'FLOW_NOT_FOUND');

/** The project's flow, or 404 (another project's answers as an unknown one); `lock` holds it for the transaction. */
export async function findFlow(db: Executor, projectId: string, flowId: string, lock = false): Promise<FlowRow> {
  const query = db
    .select()
    .from(flows)
    .where(and(eq(flows.projectId, projectId), eq(flows.id, flowId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw flowNotFound();
  return row;
}

/** A definition as stored and compared: only its two fields (a draft row carries nothing else). */
export const definitionOf = (value: FlowDefinition): FlowDefinition => ({ trigger: value.trigger, steps: value.steps });

/** Whether two definitions say the same, as values (jsonb gives keys back in its own order). */
export const sameDefinition = (a: FlowDefinition, b: FlowDefinition) =>
  isDeepStrictEqual(definitionOf(a), definitionOf(b));

/** The live versions' definitions of these flows, by flow id. */
export async function liveDefinitions(db: Executor, rows: readonly FlowRow[]): Promise<Map<string, FlowDefinition>> {
  const live = rows.filter((row) => row.liveVersion !== null);
  if (live.length === 0) return new Map();
  const found = await db
    .select({ flowId: flowVersions.flowId, definition: flowVersions.definition })
    .from(flowVersions)
    .where(
      sql`(${flowVersions.flowId}, ${flowVersions.version}) in (${sql.join(
        live.map((row) => sql`(${row.id}::uuid, ${row.liveVersion})`),
        sql`, `,
      )})`,
    );
  return new Map(found.map((row) => [row.flowId, row.definition]));
}

/**
 * The flows as the API shows them, with their runs' figures: two grouped counts over the flows'
 * runs, each a range of flow_runs_flow_idx (flow, status, step).
 */
export async function flowViews(db: Executor, rows: readonly FlowRow[]): Promise<Flow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [definitions, byStatus, byStep] = await Promise.all([
    liveDefinitions(db, rows),
    db
      .select({ flowId: flowRuns.flowId, status: flowRuns.status, n: count() })
      .from(flowRuns)
      .where(inArray(flowRuns.flowId, ids))
      .groupBy(flowRuns.flowId, flowRuns.status),
    db
      .select({ flowId: flowRuns.flowId, version: flowRuns.version, stepIndex: flowRuns.stepIndex, n: count() })
      .from(flowRuns)
      .where(and(inArray(flowRuns.flowId, ids), eq(flowRuns.status, 'active')))
      .groupBy(flowRuns.flowId, flowRuns.version, flowRuns.stepIndex),
  ]);
  return rows.map((row) => {
    const live = definitions.get(row.id);
    const runs = { active: 0, completed: 0, exited: 0 };
    for (const line of byStatus) if (line.flowId === row.id) runs[line.status] = Number(line.n);
    const atStep: Record<string, number> = {};
    if (live) for (const step of live.steps) atStep[step.id] = 0;
    for (const line of byStep) {
      // Runs of earlier versions stand at steps the live one may not have: they are not its figures.
      const step =
        line.flowId === row.id && line.version === row.liveVersion ? stepOfRun(live!, line.stepIndex) : undefined;
      if (step) atStep[step.id] = (atStep[step.id] ?? 0) + Number(line.n);
    }
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      trigger: live?.trigger ?? null,
      liveVersion: row.liveVersion,
      hasChanges: !live || !sameDefinition(row.draft, live),
      runs,
      atStep,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/**
 * The step a run is at, as people read it: its index is the next step to do, so a run whose last step
 * was a wait is waiting there, and is counted at that wait rather than at the step that follows it.
 */
function stepOfRun(live: FlowDefinition, stepIndex: number) {
  const before = live.steps[stepIndex - 1];
  return before?.kind === 'wait' ? before : live.steps[stepIndex];
}

export async function flowView(db: Executor, row: FlowRow): Promise<Flow> {
  const [view] = await flowViews(db, [row]);
  return view!;
}

export function toFlowDraft(row: FlowRow): FlowDraft {
  return {
    ...definitionOf(row.draft),
    flowId: row.id,
    baseVersion: row.draftBaseVersion,
    updatedAt: row.draftUpdatedAt.toISOString(),
  };
}
