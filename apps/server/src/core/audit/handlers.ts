import type { operations } from '@wharf/contract';
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { Handlers } from '../http/operations.js';
import { decodeTimePageToken, encodePageToken } from '../pagination.js';
import { auditLog } from './schema.js';

type AuditOperations = Pick<typeof operations, 'listAuditAdmin' | 'listProjectAudit'>;

interface AuditQuery {
  project?: string | undefined;
  actor?: string | undefined;
  operation?: string | undefined;
  result?: 'success' | 'failure' | undefined;
  start?: string | undefined;
  end?: string | undefined;
  pageToken?: string | undefined;
  pageSize: number;
}

/** One page of the audit log, newest first, keyset-paged by time and id. */
async function readAudit(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.project) conditions.push(eq(auditLog.projectId, query.project));
  if (query.actor) conditions.push(eq(auditLog.actorUserId, query.actor));
  if (query.operation) conditions.push(eq(auditLog.operationId, query.operation));
  if (query.result) conditions.push(eq(auditLog.result, query.result));
  if (query.start) conditions.push(gte(auditLog.at, new Date(query.start)));
  if (query.end) conditions.push(lt(auditLog.at, new Date(query.end)));
  if (query.pageToken) {
    const after = decodeTimePageToken(query.pageToken);
    conditions.push(or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id)))!);
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextPageToken:
      rows.length > query.pageSize && last ? encodePageToken({ at: last.at.toISOString(), id: last.id }) : null,
  };
}

export function auditHandlers(db: Database): Handlers<AuditOperations> {
  return {
    listAuditAdmin: ({ query }) => readAudit(db, query),
    // The project comes from the path, which the access hook checked; a `project` filter can't widen it.
    listProjectAudit: ({ params, query }) => readAudit(db, { ...query, project: params.project }),
  };
}
