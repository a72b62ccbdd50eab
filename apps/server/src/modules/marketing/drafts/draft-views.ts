import type { Draft, DraftSummary } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import { marketingDrafts } from '../schema.js';

export type DraftRow = typeof marketingDrafts.$inferSelect;

export const draftNotFound = () => notFound('There is no such draft in this project.', 'DRAFT_NOT_FOUND');

/**
 * The project's draft, or 404: another project's answers as one that does not exist. `lock` holds
 * its row for the rest of the transaction, so two saves of one draft take turns.
 */
export async function findDraft(db: Executor, projectId: string, draftId: string, lock = false): Promise<DraftRow> {
  const query = db
    .select()
    .from(marketingDrafts)
    .where(and(eq(marketingDrafts.projectId, projectId), eq(marketingDrafts.id, draftId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw draftNotFound();
  return row;
}

/** A draft id another record is given (a campaign's, a flow's step) must be the project's: else 404. */
export async function assertProjectDraft(db: Executor, projectId: string, draftId: string): Promise<void> {
  const [found] = await db
    .select({ id: marketingDrafts.id })
    .from(marketingDrafts)
    .where(and(eq(marketingDrafts.projectId, projectId), eq(marketingDrafts.id, draftId)));
  if (!found) throw draftNotFound();
}

export function toDraftSummary(
  row: Pick<DraftRow, 'id' | 'name' | 'subject' | 'preheader' | 'format' | 'createdAt' | 'updatedAt'>,
): DraftSummary {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    format: row.format,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDraft(row: DraftRow): Draft {
  return { ...toDraftSummary(row), markdown: row.markdown, blocks: row.blocks, updatedBy: row.updatedBy };
}
