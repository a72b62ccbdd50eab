import type { FlowPage, ListFlowsQuery } from '@wharf/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../core/db/database.js';
import { olderThanToken, timePage } from '../../core/pagination.js';
import { containsEveryWord } from '../../core/search-words.js';
import { flowViews } from './flow-views.js';
import { flows as f } from './schema.js';

type Query = z.output<typeof ListFlowsQuery>;

/**
 * A page of the project's flows, newest first, keyset-paged on (created, id) — flows_created_idx. A
 * project has a handful of flows, so the search reads the lower-cased name within the project's range.
 */
export async function listFlows(db: Executor, projectId: string, query: Query): Promise<FlowPage> {
  const after = olderThanToken(f.createdAt, f.id, query.pageToken);
  const matches = containsEveryWord(f.search, query.search);
  const rows = await db
    .select()
    .from(f)
    .where(and(eq(f.projectId, projectId), after, ...matches))
    .orderBy(desc(f.createdAt), desc(f.id))
    .limit(query.pageSize + 1);
  const page = timePage(
    rows,
    query.pageSize,
    (row) => row.createdAt,
    (row) => row,
  );
  return { ...page, items: await flowViews(db, page.items) };
}
