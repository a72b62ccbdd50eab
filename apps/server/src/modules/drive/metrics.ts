import type { DriveMetrics } from '@wharf/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../core/db/database.js';
import { FOREIGN_KEY_VIOLATION, isPostgresError } from '../../core/db/errors.js';
import { driveMetrics } from './schema.js';

/** The UTC day of a moment, as the counters are kept. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Sets what the drive holds today after a change (in the change's transaction), and adds an upload
 * when the change was one.
 */
export async function countHoldings(
  tx: Executor,
  projectId: string,
  at: Date,
  holdings: { storedBytes: number; fileCount: number; uploadedBytes?: number | undefined },
): Promise<void> {
  const uploads = holdings.uploadedBytes === undefined ? 0 : 1;
  await tx
    .insert(driveMetrics)
    .values({
      projectId,
      day: utcDay(at),
      storedBytes: holdings.storedBytes,
      fileCount: holdings.fileCount,
      uploads,
      uploadedBytes: holdings.uploadedBytes ?? 0,
    })
    .onConflictDoUpdate({
      target: [driveMetrics.projectId, driveMetrics.day],
      set: {
        storedBytes: holdings.storedBytes,
        fileCount: holdings.fileCount,
        uploads: sql`${driveMetrics.uploads} + ${uploads}`,
        uploadedBytes: sql`${driveMetrics.uploadedBytes} + ${holdings.uploadedBytes ?? 0}`,
      },
    });
}

async function addServed(
  db: Database,
  counts: { projectId: string; day: string; bytes: number; transforms: number }[],
): Promise<void> {
  await db
    .insert(driveMetrics)
    .values(counts.map(({ projectId, day, bytes, transforms }) => ({ projectId, day, bytesServed: bytes, transforms })))
    .onConflictDoUpdate({
      target: [driveMetrics.projectId, driveMetrics.day],
      set: {
        bytesServed: sql`${driveMetrics.bytesServed} + excluded.bytes_served`,
        transforms: sql`${driveMetrics.transforms} + excluded.transforms`,
      },
    });
}

/**
 * What this process served since its last flush, per project and the day it was served: added to
 * the day's counters in one statement every few seconds instead of a write per download. Counting
 * adds, so every process flushes its own share and none overwrites another's.
 */
export class ServedTally {
  private tally = new Map<string, { projectId: string; day: string; bytes: number; transforms: number }>();

  served(projectId: string, at: Date, bytes: number): void {
    this.entry(projectId, utcDay(at)).bytes += bytes;
  }

  rendered(projectId: string, at: Date): void {
    this.entry(projectId, utcDay(at)).transforms += 1;
  }

  async flush(db: Database): Promise<void> {
    if (this.tally.size === 0) return;
    const taken = [...this.tally.values()];
    this.tally = new Map();
    try {
      await addServed(db, taken);
    } catch {
      // One row at a time: a project deleted since (its foreign key) loses its counts, the others
      // are added, and what still fails (the database away) waits for the next flush.
      for (const counts of taken) {
        try {
          await addServed(db, [counts]);
        } catch (error) {
          if (isPostgresError(error, FOREIGN_KEY_VIOLATION)) continue;
          const entry = this.entry(counts.projectId, counts.day);
          entry.bytes += counts.bytes;
          entry.transforms += counts.transforms;
        }
      }
    }
  }

  private entry(projectId: string, day: string) {
    const key = `${projectId}|${day}`;
    let entry = this.tally.get(key);
    if (!entry) this.tally.set(key, (entry = { projectId, day, bytes: 0, transforms: 0 }));
    return entry;
  }
}

/**
 * Every day of a period, one project's or (without one) every drive's summed. What a drive held is
 * carried forward from its last change on or before each day, so a quiet day shows what was there.
 */
export async function metricsOf(
  db: Executor,
  period: { start: string; end: string },
  projectId?: string,
): Promise<DriveMetrics> {
  const ofProject = (alias: string) => (projectId ? sql`and ${sql.raw(alias)}.project_id = ${projectId}::uuid` : sql``);
  const result = await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${period.start}::date, ${period.end}::date, interval '1 day') d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(sum(held.stored_bytes), 0)::float8 as "storedBytes",
      coalesce(sum(held.file_count), 0)::float8 as "fileCount",
      coalesce(max(done.uploads), 0)::float8 as uploads,
      coalesce(max(done.uploaded_bytes), 0)::float8 as "uploadedBytes",
      coalesce(max(done.bytes_served), 0)::float8 as "bytesServed",
      coalesce(max(done.transforms), 0)::float8 as transforms
    from days
    left join lateral (
      select distinct on (m.project_id) m.stored_bytes, m.file_count
      from ${driveMetrics} m
      where m.day <= days.day ${ofProject('m')}
      order by m.project_id, m.day desc
    ) held on true
    left join lateral (
      select sum(t.uploads) as uploads, sum(t.uploaded_bytes) as uploaded_bytes,
        sum(t.bytes_served) as bytes_served, sum(t.transforms) as transforms
      from ${driveMetrics} t
      where t.day = days.day ${ofProject('t')}
    ) done on true
    group by days.day
    order by days.day`);
  const rows = (result as unknown as { rows: DriveMetrics['days'] }).rows;
  return { ...period, days: rows };
}
