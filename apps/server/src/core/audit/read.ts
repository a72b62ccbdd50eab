import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { auditLog } from './schema.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** Which entries to read: every field given must match. */
export interface AuditFilter {
  operationId?: string;
  result?: 'success' | 'failure';
  projectId?: string;
  actorUserId?: string;
  target?: string;
}

/**
 * The audit entries matching `filter`, as stored (no sort; ask for one where it matters): for tests and tools that check what was
 * recorded. The audit table stays core/audit's own (modules write through audit.ts, read through this).
 */
export async function auditEntries(db: Executor, filter: AuditFilter = {}): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.operationId !== undefined) conditions.push(eq(auditLog.operationId, filter.operationId));
  if (filter.result !== undefined) conditions.push(eq(auditLog.result, filter.result));
  if (filter.projectId !== undefined) conditions.push(eq(auditLog.projectId, filter.projectId));
  if (filter.actorUserId !== undefined) conditions.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.target !== undefined) conditions.push(eq(auditLog.target, filter.target));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined);
}
