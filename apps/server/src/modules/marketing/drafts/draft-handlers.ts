import { isDeepStrictEqual } from 'node:util';
import { DRAFT_NAME_MAX, type DraftContent, type operations } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';
import { assertMarketing } from '../module-guard.js';
import { mailContextFrom } from '../render/mail-context.js';
import { installedMarketingSettings } from '../settings.js';
import { marketingDrafts } from '../schema.js';
import { listDrafts } from './draft-list.js';
import { previewDraft } from './draft-preview.js';
import { CHECK_CONTEXT, compileOrRefuse } from './draft-templates.js';
import { findDraft, toDraft, type DraftRow } from './draft-views.js';

type DraftOperations = Pick<
  typeof operations,
  'listDrafts' | 'getDraft' | 'createDraft' | 'updateDraft' | 'deleteDraft' | 'duplicateDraft' | 'previewDraft'
>;

const CONTENT_FIELDS = ['subject', 'preheader', 'format', 'markdown', 'blocks'] as const;
const CONTENT_KEYS = new Set<string>(CONTENT_FIELDS);

/** The member who saved: a key has no person to name (and `updated_by` points at users). */
const editorOf = (request: FastifyRequest) => (request.principal?.kind === 'user' ? request.principal.userId : null);

const contentOf = (row: DraftRow): DraftContent => ({
  subject: row.subject,
  preheader: row.preheader,
  format: row.format,
  markdown: row.markdown,
  blocks: row.blocks,
});

/** "Copy of <name>", shortened with an ellipsis to fit the name's limit. */
export function copyName(name: string): string {
  const copy = `Copy of ${name}`;
  return copy.length <= DRAFT_NAME_MAX ? copy : `${copy.slice(0, DRAFT_NAME_MAX - 1).trimEnd()}…`;
}

/** Mail drafts: listed, read, written (their templates checked), copied, deleted and previewed. */
export function draftHandlers(...[shared, needs]: MarketingSetup): Handlers<DraftOperations> {
  const { db, clock } = shared;
  const guard = (projectId: string) => assertMarketing(needs.integrations, db, projectId);
  // The preview's unsubscribe link goes to the page but carries no token: it unsubscribes nobody.
  const previewUnsubscribeUrl = `${shared.config.PUBLIC_URL.replace(/\/+$/, '')}/mail/unsubscribe?preview=1`;

  return {
    listDrafts: async ({ query }) => {
      await guard(query.project);
      return listDrafts(db, query.project, query);
    },

    getDraft: async ({ params, query }) => {
      await guard(query.project);
      return toDraft(await findDraft(db, query.project, params.draftId));
    },

    createDraft: async ({ query, body }, request, reply) => {
      await guard(query.project);
      compileOrRefuse(body, CHECK_CONTEXT);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(marketingDrafts)
          .values({ ...body, projectId: query.project, createdAt: now, updatedAt: now, updatedBy: editorOf(request) })
          .returning();
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `draft:${made!.id}`,
          details: { name: made!.name },
        });
        return made!;
      });
      void reply.code(201);
      return toDraft(row);
    },

    updateDraft: async ({ params, query, body }, request) => {
      await guard(query.project);
      const row = await db.transaction(async (tx) => {
        const current = await findDraft(tx, query.project, params.draftId, true);
        // Compared as values: jsonb gives the stored blocks back with their keys in its own order.
        const changed = (Object.keys(body) as (keyof typeof body)[]).filter(
          (key) => body[key] !== undefined && !isDeepStrictEqual(body[key], current[key]),
        );
        // The merged draft is what must compile: a new subject with the stored body, say. A rename
        // leaves the templates as they were saved, so they are not compiled again for it.
        if (changed.some((key) => CONTENT_KEYS.has(key))) {
          compileOrRefuse({ ...contentOf(current), ...pick(body, CONTENT_FIELDS) }, CHECK_CONTEXT);
        }
        const saved =
          changed.length === 0
            ? current
            : (
                await tx
                  .update(marketingDrafts)
                  .set({ ...body, updatedAt: clock.now(), updatedBy: editorOf(request) })
                  .where(eq(marketingDrafts.id, current.id))
                  .returning()
              )[0]!;
        // Audited even when nothing changed: the call was made, and the entry says it changed nothing.
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `draft:${current.id}`,
          details: { name: saved.name, changes: changed },
        });
        return saved;
      });
      return toDraft(row);
    },

    deleteDraft: async ({ params, query }, request, reply) => {
      await guard(query.project);
      await db.transaction(async (tx) => {
        const current = await findDraft(tx, query.project, params.draftId, true);
        await tx.delete(marketingDrafts).where(eq(marketingDrafts.id, current.id));
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `draft:${current.id}`,
          details: { name: current.name },
        });
      });
      void reply.code(204);
    },

    duplicateDraft: async ({ params, query }, request, reply) => {
      await guard(query.project);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const source = await findDraft(tx, query.project, params.draftId);
        const [made] = await tx
          .insert(marketingDrafts)
          .values({
            ...contentOf(source),
            projectId: query.project,
            name: copyName(source.name),
            createdAt: now,
            updatedAt: now,
            updatedBy: editorOf(request),
          })
          .returning();
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `draft:${made!.id}`,
          details: { name: made!.name, from: source.name, fromId: source.id },
        });
        return made!;
      });
      void reply.code(201);
      return toDraft(row);
    },

    previewDraft: async ({ query, body }) => {
      // The settings are read once: they exist only while the module is installed (the guard).
      const settings = await installedMarketingSettings(needs, db, query.project);
      const context = await mailContextFrom(db, query.project, settings);
      return previewDraft(db, query.project, body, { ...context, unsubscribeUrl: previewUnsubscribeUrl });
    },
  };
}

/** The fields of `body` named in `keys` that it sets. */
function pick<T extends object, K extends keyof T>(body: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (body[key] !== undefined) out[key] = body[key];
  return out;
}
