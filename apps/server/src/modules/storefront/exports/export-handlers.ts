import type { operations, StorefrontExport } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { JobEnqueuer } from '../../../core/jobs/queue.js';
import { customerConditions } from '../customers/customer-list.js';
import { exportNotFound } from '../errors.js';
import { orderConditions } from '../orders/order-list.js';
import { reviewConditions } from '../reviews/review-list.js';
import type { PlatformScope } from '../platform-scope.js';
import { storefrontExports } from '../schema.js';
import { EXPORT_QUEUE, exportFileName, type ExportKind, type ExportRow } from './export-job.js';

type ExportOperations = Pick<
  typeof operations,
  'exportOrders' | 'exportCustomers' | 'exportReviews' | 'getStorefrontExport'
>;

/** How many exports of a project may be queued or running at once. */
export const MAX_RUNNING_EXPORTS = 3;

export const exportsBusy = () =>
  new AppError(409, 'EXPORTS_BUSY', 'Three exports are already running for this project: wait for one to finish.');
export const driveNeeded = () =>
  new AppError(
    403,
    'MODULE_NOT_INSTALLED',
    'Install the Drive module in this project first: exports are saved there as files.',
  );

export interface ExportHandlerDeps {
  db: Database;
  clock: Clock;
  jobs: JobEnqueuer;
  scope: PlatformScope;
  /** Whether the project has the Drive module (the drive service's `files.installed`). */
  driveInstalled(projectId: string): Promise<boolean>;
}

export function toStorefrontExport(row: ExportRow): StorefrontExport {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    rows: row.rows,
    total: row.total,
    fileId: row.fileId,
    fileName: row.fileName,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The storefront's exports: asked for here, run by the `storefront.export` job (export-job.ts). */
export function exportHandlers(deps: ExportHandlerDeps): Handlers<ExportOperations> {
  const { db, clock, jobs, scope } = deps;

  /**
   * The export's record and its job in one transaction (a rollback leaves neither), with the audit
   * entry. A lock per project makes the count of those running and the new one's insert one step,
   * so two requests at once cannot both be the third.
   */
  const start = async (
    request: FastifyRequest,
    projectId: string,
    kind: ExportKind,
    filters: Record<string, unknown>,
  ): Promise<StorefrontExport> => {
    if (!(await deps.driveInstalled(projectId))) throw driveNeeded();
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`storefront.export:${projectId}`}))`);
      const [busy] = await tx
        .select({ n: count() })
        .from(storefrontExports)
        .where(
          and(eq(storefrontExports.projectId, projectId), inArray(storefrontExports.status, ['queued', 'running'])),
        );
      if (busy!.n >= MAX_RUNNING_EXPORTS) throw exportsBusy();
      const [inserted] = await tx
        .insert(storefrontExports)
        .values({
          projectId,
          kind,
          filters,
          status: 'queued',
          fileName: exportFileName(kind, now),
          requestedBy: request.principal!.userId,
          createdAt: now,
        })
        .returning();
      await jobs.enqueue(tx, EXPORT_QUEUE, { exportId: inserted!.id }, { maxAttempts: 3 });
      await recordAudit(tx, request, { projectId, target: `export:${inserted!.id}`, details: { kind, filters } });
      return inserted!;
    });
    return toStorefrontExport(row);
  };

  return {
    exportOrders: async ({ params, query }, request) => {
      await scope.assert(query.project, params.platformId);
      const { project, ...filters } = query;
      // The job builds the same conditions: a bad range or search is refused now, not in the background.
      orderConditions(project, { ...filters, dateFilterType: 'placed' });
      return start(request, project, 'orders', filters);
    },

    exportCustomers: async ({ params, query }, request) => {
      await scope.assert(query.project, params.platformId);
      const { project, ...filters } = query;
      customerConditions(project, filters);
      return start(request, project, 'customers', filters);
    },

    exportReviews: async ({ params, query }, request) => {
      await scope.assert(query.project, params.platformId);
      const { project, ...filters } = query;
      reviewConditions(project, filters);
      return start(request, project, 'reviews', filters);
    },

    getStorefrontExport: async ({ params, query }, request) => {
      await scope.assert(query.project, params.platformId);
      // Only the caller's own exports: another person's filters and files are not theirs to follow.
      const [row] = await db
        .select()
        .from(storefrontExports)
        .where(
          and(
            eq(storefrontExports.id, params.exportId),
            eq(storefrontExports.projectId, query.project),
            eq(storefrontExports.requestedBy, request.principal!.userId),
          ),
        );
      if (!row) throw exportNotFound();
      return toStorefrontExport(row);
    },
  };
}
