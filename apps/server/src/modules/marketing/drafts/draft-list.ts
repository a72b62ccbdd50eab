import type { DraftPage, ListDraftsQuery } from '@wharf/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { olderThanToken, timePage } from '../../../core/pagination.js';
import { marketingDrafts as d } from '../schema.js';
import { containsEveryWord } from '../../../core/search-words.js';
import { toDraftSummary } from './draft-views.js';

type Query = z.output<typeof ListDraftsQuery>;

/**
 * A page of the project's drafts, last edited first, keyset-paged on (updated, id) — the table's
 * index. The search reads the lower-cased name and subject column: a project's drafts are tens or
 * hundreds, so its rows are scanned within the project's index range rather than by a trigram index.
 */
export async function listDrafts(db: Executor, projectId: string, query: Query): Promise<DraftPage> {
  const after = olderThanToken(d.updatedAt, d.id, query.pageToken);
  const matches = containsEveryWord(d.search, query.search);
  const rows = await db
    .select({
      id: d.id,
      name: d.name,
      subject: d.subject,
      preheader: d.preheader,
      format: d.format,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    })
    .from(d)
    .where(and(eq(d.projectId, projectId), after, ...matches))
    .orderBy(desc(d.updatedAt), desc(d.id))
    .limit(query.pageSize + 1);
  return timePage(rows, query.pageSize, (row) => row.updatedAt, toDraftSummary);
}
