import type { mailImportOperations } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import { AppError } from '../../../core/errors.js';
import { multipartFile, type Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';
import { assertMarketing } from '../module-guard.js';
import { mailingListsByIds } from '../lists/list-views.js';
import { marketingImports } from '../schema.js';
import { checkMapping, suggestMapping } from './import-mapping.js';
import { IMPORT_QUEUE, registerImportJob } from './import-job.js';
import { receiveCsv } from './import-upload.js';
import { findImport, importView, recentImports } from './import-views.js';

type Ops = typeof mailImportOperations;

/**
 * Subscriber imports: the upload (kept in the store, its header read), the mapping and start, the
 * progress and report, cancelling. The `marketing.import` job (import-job.ts) does the work.
 */
export function importHandlers(...[shared, needs, hooks]: MarketingSetup): Handlers<Ops> {
  const { db, clock, storage, jobs } = shared;
  registerImportJob(jobs, {
    db,
    clock,
    storage,
    purchaseHistory: needs.storefront.purchaseHistory,
    joinedLists: hooks.joinedLists,
    log: shared.log,
  });
  const guard = (projectId: string) => assertMarketing(needs.integrations, db, projectId);

  return {
    importSubscribers: async ({ query }, request, reply) => {
      await guard(query.project);
      const file = await multipartFile(request);
      const csv = await receiveCsv(storage, query.project, file.stream);
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(marketingImports)
            .values({
              id: csv.importId,
              projectId: query.project,
              status: 'mapping',
              fileName: (file.filename || 'subscribers.csv').replaceAll('\0', '').slice(0, 255),
              objectKey: csv.objectKey,
              size: csv.size,
              columns: csv.columns,
              sample: csv.sample,
              mapping: suggestMapping(csv.columns, csv.sample),
              requestedBy: request.principal?.userId ?? null,
              createdAt: clock.now(),
            })
            .returning();
          await recordAudit(tx, request, {
            projectId: query.project,
            target: `mail-import:${csv.importId}`,
            details: { fileName: inserted!.fileName, size: csv.size },
          });
          return inserted!;
        });
        void reply.code(201);
        return importView(row);
      } catch (error) {
        await storage.delete(csv.objectKey);
        throw error;
      }
    },

    listSubscriberImports: async ({ query }) => {
      await guard(query.project);
      return { items: await recentImports(db, query.project) };
    },

    getSubscriberImport: async ({ params, query }) => {
      await guard(query.project);
      return importView(await findImport(db, query.project, params.importId));
    },

    startSubscriberImport: async ({ params, query, body }, request) => {
      await guard(query.project);
      const row = await db.transaction(async (tx) => {
        const found = await findImport(tx, query.project, params.importId, true);
        if (found.status !== 'mapping') {
          throw new AppError(
            409,
            'IMPORT_STARTED',
            'This import was started already: upload the file again to import it anew.',
          );
        }
        checkMapping(body.mapping, found.columns.length);
        // A list that is not the project's is refused as one that does not exist.
        await mailingListsByIds(tx, query.project, body.lists);
        const [started] = await tx
          .update(marketingImports)
          .set({ status: 'queued', mapping: body.mapping, listIds: [...new Set(body.lists)] })
          .where(eq(marketingImports.id, found.id))
          .returning();
        // Several attempts: a run stopped by a crash or a restart goes on where it was.
        await jobs.enqueue(tx, IMPORT_QUEUE, { importId: found.id }, { maxAttempts: 5 });
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `mail-import:${found.id}`,
          details: { lists: body.lists, updateExisting: body.mapping.updateExisting },
        });
        return started!;
      });
      return importView(row);
    },

    cancelSubscriberImport: async ({ params, query }, request) => {
      await guard(query.project);
      const row = await db.transaction(async (tx) => {
        const found = await findImport(tx, query.project, params.importId, true);
        if (!['mapping', 'queued', 'running'].includes(found.status)) {
          throw new AppError(409, 'IMPORT_FINISHED', 'This import has finished already: there is nothing to cancel.');
        }
        const [cancelled] = await tx
          .update(marketingImports)
          .set({ status: 'cancelled', finishedAt: clock.now() })
          .where(eq(marketingImports.id, found.id))
          .returning();
        await recordAudit(tx, request, { projectId: query.project, target: `mail-import:${found.id}` });
        return { cancelled: cancelled!, hadJob: found.status !== 'mapping' };
      });
      // Not started, so no job will come to clear it away: the file goes now. A job does it itself.
      if (!row.hadJob) await storage.delete(row.cancelled.objectKey);
      return importView(row.cancelled);
    },
  };
}
