import { DRIVE_DEFAULT_QUOTA_BYTES, type DriveProjectAdmin, type operations } from '@wharf/contract';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { decodePageToken, encodePageToken, invalidPageToken } from '../../core/pagination.js';
import { projectNotFound } from '../projects/errors.js';
import { projectNames } from '../projects/read-models.js';
import { metricsOf } from './metrics.js';
import { driveProjects } from './schema.js';
import { DEFAULT_STORAGE_CLASS, lockDrive } from './usage.js';

type AdminOperations = Pick<
  typeof operations,
  | 'listDriveProjectsAdmin'
  | 'getDriveProjectAdmin'
  | 'setupDriveProjectAdmin'
  | 'updateDriveProjectAdmin'
  | 'deleteDriveProjectAdmin'
  | 'getDriveMetricsAdmin'
  | 'getDriveProjectMetricsAdmin'
>;

type Row = typeof driveProjects.$inferSelect;

const toAdmin = (row: Row | undefined, projectId: string, projectName: string): DriveProjectAdmin => ({
  projectId,
  projectName,
  quotaBytes: row?.quotaBytes ?? DRIVE_DEFAULT_QUOTA_BYTES,
  usedBytes: row?.usedBytes ?? 0,
  fileCount: row?.fileCount ?? 0,
  storageClass: row?.storageClass ?? DEFAULT_STORAGE_CLASS,
  createdAt: row?.createdAt.toISOString() ?? null,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** A project's name; an unknown project is 404 PROJECT_NOT_FOUND. */
async function projectName(db: Executor, projectId: string): Promise<string> {
  const [project] = await db.select().from(projectNames).where(eq(projectNames.id, projectId));
  if (!project) throw projectNotFound();
  return project.name;
}

/** A project's drive as admins see it; an unknown project is 404 PROJECT_NOT_FOUND. */
async function loadAdmin(db: Executor, projectId: string): Promise<DriveProjectAdmin> {
  const name = await projectName(db, projectId);
  const [row] = await db.select().from(driveProjects).where(eq(driveProjects.projectId, projectId));
  return toAdmin(row, projectId, name);
}

/** Platform admins' view of every drive: setup (quota, storage class), usage and metrics. */
export function driveAdminHandlers(deps: {
  db: Database;
  clock: Clock;
  /** This process's counts of what it served, added before a read so the answer has them. */
  flushMetrics(): Promise<void>;
}): Handlers<AdminOperations> {
  const { db, clock } = deps;

  /**
   * Changes a project's setup in one transaction with its audit entry. The project's name is read once,
   * before (an unknown project is 404 PROJECT_NOT_FOUND, nothing written), and the answer is the drive's
   * row as the update returns it, under the drive's lock, rather than read again after the commit.
   */
  const change = async (
    request: Parameters<Handlers<AdminOperations>['setupDriveProjectAdmin']>[1],
    projectId: string,
    set: { quotaBytes?: number | undefined; storageClass?: string | undefined },
  ): Promise<DriveProjectAdmin> => {
    const name = await projectName(db, projectId);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await lockDrive(tx, projectId, now);
      const [updated] = await tx
        .update(driveProjects)
        .set({
          ...(set.quotaBytes !== undefined ? { quotaBytes: set.quotaBytes } : {}),
          ...(set.storageClass !== undefined ? { storageClass: set.storageClass } : {}),
          updatedAt: now,
        })
        .where(eq(driveProjects.projectId, projectId))
        .returning();
      await recordAudit(tx, request, { projectId, target: `drive:${projectId}`, details: set });
      return updated;
    });
    return toAdmin(row, projectId, name);
  };

  return {
    listDriveProjectsAdmin: async ({ query }) => {
      // Largest first, ties by project: the page token carries the used bytes and the project id.
      let after;
      if (query.pageToken) {
        const cursor = decodePageToken(query.pageToken);
        if (!/^\d{1,16}$/.test(cursor.at)) throw invalidPageToken();
        const used = Number(cursor.at);
        after = or(
          lt(driveProjects.usedBytes, used),
          and(eq(driveProjects.usedBytes, used), sql`${driveProjects.projectId} < ${cursor.id}::uuid`),
        );
      }
      const rows = await db
        .select({ drive: driveProjects, name: projectNames.name })
        .from(driveProjects)
        .innerJoin(projectNames, eq(projectNames.id, driveProjects.projectId))
        .where(after)
        .orderBy(desc(driveProjects.usedBytes), desc(driveProjects.projectId))
        .limit(query.pageSize + 1);
      const page = rows.slice(0, query.pageSize);
      const last = page.at(-1);
      return {
        items: page.map(({ drive, name }) => toAdmin(drive, drive.projectId, name)),
        nextPageToken:
          rows.length > query.pageSize && last
            ? encodePageToken({ at: String(last.drive.usedBytes), id: last.drive.projectId })
            : null,
      };
    },

    getDriveProjectAdmin: ({ params }) => loadAdmin(db, params.project),

    setupDriveProjectAdmin: ({ params, body }, request) => change(request, params.project, body),

    updateDriveProjectAdmin: ({ params, body }, request) => change(request, params.project, body),

    // The setup goes, the drive stays: its files, usage and change feed are the project's.
    deleteDriveProjectAdmin: async ({ params }, request) => {
      await change(request, params.project, {
        quotaBytes: DRIVE_DEFAULT_QUOTA_BYTES,
        storageClass: DEFAULT_STORAGE_CLASS,
      });
      return undefined;
    },

    getDriveMetricsAdmin: async ({ query }) => {
      await deps.flushMetrics();
      return metricsOf(db, query);
    },

    getDriveProjectMetricsAdmin: async ({ params, query }) => {
      await loadAdmin(db, params.project);
      await deps.flushMetrics();
      return metricsOf(db, query, params.project);
    },
  };
}
