import type { FlowVersion, operations } from '@wharf/contract';
import { and, desc, eq, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Executor } from '../../core/db/database.js';
import { AppError, notFound } from '../../core/errors.js';
import { requirePermission } from '../../core/http/access.js';
import type { Handlers } from '../../core/http/operations.js';
import { userCards } from '../accounts/read-models.js';
import type { FlowSetup } from './deps.js';
import { wakeAdvance } from './enrol.js';
import { checkDefinition, publishableMails } from './flow-definition.js';
import { listFlows } from './flow-list.js';
import { EMPTY_DEFINITION, definitionOf, findFlow, flowView, sameDefinition, toFlowDraft } from './flow-views.js';
import { assertFlows } from './module-guard.js';
import { flowVersions, flows } from './schema.js';
import { callerAddress, sendDraftTests } from './test-send.js';

type FlowOperations = Pick<
  typeof operations,
  | 'listFlows'
  | 'createFlow'
  | 'getFlow'
  | 'updateFlow'
  | 'deleteFlow'
  | 'getFlowDraft'
  | 'updateFlowDraft'
  | 'discardFlowDraft'
  | 'publishFlowDraft'
  | 'testSendFlowDraft'
  | 'listFlowVersions'
  | 'restoreFlowVersion'
>;

const publisherOf = (request: FastifyRequest) => (request.principal?.kind === 'user' ? request.principal.userId : null);

const versionNotFound = () => notFound('This flow has no such version.', 'FLOW_VERSION_NOT_FOUND');

/** Flows: their drafts edited, published as numbered versions, paused and resumed, tested (decision 039). */
export function flowHandlers(...[shared, needs]: FlowSetup): Handlers<FlowOperations> {
  const { db, clock, jobs } = shared;
  const { marketing } = needs;
  const guard = (projectId: string) => assertFlows(needs.integrations, db, projectId);
  /**
   * Publishing or resuming a flow sets it mailing its subscribers on its own, so it takes what
   * sending a campaign takes (mail.send) besides flows.manage: a flow editor alone cannot mail a list.
   */
  const mayMail = (request: FastifyRequest, projectId: string) =>
    requirePermission(needs.access.resolver, request.principal!, projectId, 'mail.send');
  const audit =
    (request: FastifyRequest, projectId: string, flowId: string, details: Record<string, unknown>) => (tx: Executor) =>
      recordAudit(tx, request, { projectId, target: `flow:${flowId}`, details });

  return {
    listFlows: async ({ query }) => {
      await guard(query.project);
      return listFlows(db, query.project, query);
    },

    createFlow: async ({ query, body }, request, reply) => {
      await guard(query.project);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const draft = definitionOf(body);
        await checkDefinition(tx, marketing, query.project, draft);
        const [made] = await tx
          .insert(flows)
          .values({
            projectId: query.project,
            name: body.name,
            status: 'draft',
            draft,
            draftUpdatedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await audit(request, query.project, made!.id, { name: made!.name })(tx);
        return made!;
      });
      void reply.code(201);
      return flowView(db, row);
    },

    getFlow: async ({ params, query }) => {
      await guard(query.project);
      return flowView(db, await findFlow(db, query.project, params.flowId));
    },

    updateFlow: async ({ params, query, body }, request) => {
      await guard(query.project);
      if (body.status === 'active') await mayMail(request, query.project);
      const row = await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId, true);
        if (body.status && current.liveVersion === null)
          throw new AppError(
            409,
            'FLOW_NOT_PUBLISHED',
            'Publish the flow first: until then there is nothing to run or pause.',
          );
        const changes = [
          ...(body.name !== undefined && body.name !== current.name ? ['name'] : []),
          ...(body.status !== undefined && body.status !== current.status ? ['status'] : []),
        ];
        const now = clock.now();
        const saved =
          changes.length === 0
            ? current
            : (
                await tx
                  .update(flows)
                  .set({
                    ...(body.name !== undefined ? { name: body.name } : {}),
                    ...(body.status ? { status: body.status } : {}),
                    updatedAt: now,
                  })
                  .where(eq(flows.id, current.id))
                  .returning()
              )[0]!;
        // Resumed, its runs that fell due while paused go on now.
        if (changes.includes('status') && body.status === 'active') await wakeAdvance(tx, jobs, now);
        await audit(request, query.project, current.id, { name: saved.name, changes, status: saved.status })(tx);
        return saved;
      });
      return flowView(db, row);
    },

    deleteFlow: async ({ params, query }, request, reply) => {
      await guard(query.project);
      await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId, true);
        // Its versions, runs and sends go with it (cascade): nobody is mailed by it again.
        await tx.delete(flows).where(eq(flows.id, current.id));
        await audit(request, query.project, current.id, { name: current.name })(tx);
      });
      void reply.code(204);
      return null;
    },

    getFlowDraft: async ({ params, query }) => {
      await guard(query.project);
      return toFlowDraft(await findFlow(db, query.project, params.flowId));
    },

    updateFlowDraft: async ({ params, query, body }, request) => {
      await guard(query.project);
      const row = await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId, true);
        const draft = definitionOf(body);
        await checkDefinition(tx, marketing, query.project, draft);
        const changed = !sameDefinition(current.draft, draft);
        const saved = changed
          ? (
              await tx
                .update(flows)
                .set({ draft, draftUpdatedAt: clock.now() })
                .where(eq(flows.id, current.id))
                .returning()
            )[0]!
          : current;
        await audit(request, query.project, current.id, { name: current.name, changed })(tx);
        return saved;
      });
      return toFlowDraft(row);
    },

    discardFlowDraft: async ({ params, query }, request) => {
      await guard(query.project);
      const row = await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId, true);
        const live = current.liveVersion === null ? undefined : await versionRow(tx, current.id, current.liveVersion);
        const [saved] = await tx
          .update(flows)
          .set({
            draft: live ? definitionOf(live.definition) : EMPTY_DEFINITION,
            draftBaseVersion: current.liveVersion,
            draftUpdatedAt: clock.now(),
          })
          .where(eq(flows.id, current.id))
          .returning();
        await audit(request, query.project, current.id, { name: current.name, version: current.liveVersion })(tx);
        return saved!;
      });
      return toFlowDraft(row);
    },

    publishFlowDraft: async ({ params, query }, request) => {
      await guard(query.project);
      await mayMail(request, query.project);
      const row = await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId, true);
        const draft = definitionOf(current.draft);
        const live = current.liveVersion === null ? undefined : await versionRow(tx, current.id, current.liveVersion);
        if (live && sameDefinition(draft, live.definition))
          throw new AppError(
            409,
            'FLOW_UNCHANGED',
            'The draft is the live version already: change it before publishing.',
          );
        const mails = await publishableMails(tx, marketing, query.project, draft);
        const [last] = await tx
          .select({ n: max(flowVersions.version) })
          .from(flowVersions)
          .where(eq(flowVersions.flowId, current.id));
        const version = (last?.n ?? 0) + 1;
        const now = clock.now();
        await tx.insert(flowVersions).values({
          flowId: current.id,
          version,
          projectId: query.project,
          definition: draft,
          mails,
          publishedAt: now,
          publishedBy: publisherOf(request),
        });
        const [saved] = await tx
          .update(flows)
          .set({
            liveVersion: version,
            liveTrigger: draft.trigger!.kind,
            status: 'active',
            draftBaseVersion: version,
            publishedAt: now,
            updatedAt: now,
          })
          .where(eq(flows.id, current.id))
          .returning();
        // Live and active now: runs that fell due while it was paused go on at once.
        await wakeAdvance(tx, jobs, now);
        await audit(request, query.project, current.id, { name: current.name, version })(tx);
        return saved!;
      });
      return flowView(db, row);
    },

    testSendFlowDraft: async ({ params, query }, request) => {
      await guard(query.project);
      const to = await callerAddress(db, request);
      const sent = await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId);
        const count = await sendDraftTests(tx, needs, query.project, current.draft, to);
        await audit(request, query.project, current.id, { name: current.name, sent: count })(tx);
        return count;
      });
      // The tests wait in the outbox until the commit; with SMTP they go now.
      void needs.mail.flush();
      return { to: to.email, sent };
    },

    listFlowVersions: async ({ params, query }) => {
      await guard(query.project);
      const current = await findFlow(db, query.project, params.flowId);
      const rows = await db
        .select({
          version: flowVersions.version,
          definition: flowVersions.definition,
          publishedAt: flowVersions.publishedAt,
          publisherId: userCards.id,
          email: userCards.email,
          firstName: userCards.firstName,
          lastName: userCards.lastName,
        })
        .from(flowVersions)
        .leftJoin(userCards, eq(userCards.id, flowVersions.publishedBy))
        .where(eq(flowVersions.flowId, current.id))
        .orderBy(desc(flowVersions.version));
      const items: FlowVersion[] = rows.map((row) => ({
        ...definitionOf(row.definition),
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: row.publisherId
          ? {
              id: row.publisherId,
              name: [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || (row.email ?? ''),
            }
          : null,
        live: row.version === current.liveVersion,
      }));
      return { items };
    },

    restoreFlowVersion: async ({ params, query }, request) => {
      await guard(query.project);
      const row = await db.transaction(async (tx) => {
        const current = await findFlow(tx, query.project, params.flowId, true);
        const restored = await versionRow(tx, current.id, params.version);
        if (!restored) throw versionNotFound();
        const [saved] = await tx
          .update(flows)
          .set({
            draft: definitionOf(restored.definition),
            draftBaseVersion: params.version,
            draftUpdatedAt: clock.now(),
          })
          .where(eq(flows.id, current.id))
          .returning();
        await audit(request, query.project, current.id, { name: current.name, version: params.version })(tx);
        return saved!;
      });
      return toFlowDraft(row);
    },
  };
}

async function versionRow(tx: Executor, flowId: string, version: number) {
  const [row] = await tx
    .select({ definition: flowVersions.definition })
    .from(flowVersions)
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)));
  return row;
}
