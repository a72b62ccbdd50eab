import type { SubscriberImport, SubscriberImportSummary } from '@wharf/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import { marketingImports } from '../schema.js';

export type ImportRow = typeof marketingImports.$inferSelect;

/** How many recent imports the list shows. */
export const RECENT_IMPORTS = 20;

export const importNotFound = () => new AppError(404, 'IMPORT_NOT_FOUND', 'There is no such import in this project.');

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function importSummary(row: ImportRow): SubscriberImportSummary {
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    size: row.size,
    bytesRead: row.bytesRead,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    // Every record read is one of these; the rest were already there and left as they were.
    unchanged: Math.max(0, row.rows - row.created - row.updated - row.duplicates - row.invalid - row.suppressed),
    duplicates: row.duplicates,
    invalid: row.invalid,
    suppressed: row.suppressed,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export function importView(row: ImportRow): SubscriberImport {
  return {
    ...importSummary(row),
    columns: row.columns,
    sample: row.sample,
    // Set when the file is read (the suggestion); the start replaces it with the person's choice.
    mapping: row.mapping ?? { email: 0, name: null, gender: null, attributes: [], updateExisting: false },
    lists: row.listIds,
    problems: row.problems,
  };
}

/** The project's import, locked for a change when `forUpdate`; another project's is not found. */
export async function findImport(
  executor: Executor,
  projectId: string,
  importId: string,
  forUpdate = false,
): Promise<ImportRow> {
  const query = executor
    .select()
    .from(marketingImports)
    .where(and(eq(marketingImports.id, importId), eq(marketingImports.projectId, projectId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw importNotFound();
  return row;
}

export async function recentImports(executor: Executor, projectId: string): Promise<SubscriberImportSummary[]> {
  const rows = await executor
    .select()
    .from(marketingImports)
    .where(eq(marketingImports.projectId, projectId))
    .orderBy(desc(marketingImports.createdAt), desc(marketingImports.id))
    .limit(RECENT_IMPORTS);
  return rows.map(importSummary);
}
