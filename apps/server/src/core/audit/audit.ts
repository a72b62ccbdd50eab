import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/database.js';
import { projectOf } from '../http/access.js';
import { auditLog } from './schema.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the operation's success entry is written (checked for every audited operation). */
    auditRecorded: boolean;
  }
}

export interface AuditEntry {
  /** Who acted, when the request's own caller is not it (sign-in, links from mail). */
  actorUserId?: string | null;
  projectId?: string | null;
  /** What was acted on, as `kind:id`. */
  target?: string | null;
  details?: Record<string, unknown>;
}

function base(request: FastifyRequest) {
  const principal =
    request.principal ?? (request.account ? { userId: request.account.user.id, kind: 'user' as const } : null);
  const project = projectOf(request);
  return {
    at: request.server.services.clock.now(),
    operationId: request.routeOptions.config.operationId ?? `${request.method} ${request.routeOptions.url}`,
    actorUserId: principal?.userId ?? null,
    actorKind: principal?.kind ?? ('anonymous' as const),
    projectId: project && uuidPattern.test(project) ? project : null,
    ip: request.ip,
  };
}

/** The success entry, in the transaction of the change it records. */
export async function recordAudit(tx: Executor, request: FastifyRequest, entry: AuditEntry = {}): Promise<void> {
  const row = base(request);
  await tx.insert(auditLog).values({
    ...row,
    actorUserId: entry.actorUserId ?? row.actorUserId,
    actorKind: entry.actorUserId ? 'user' : row.actorKind,
    projectId: entry.projectId ?? row.projectId,
    target: entry.target ?? null,
    details: entry.details ?? null,
    result: 'success',
  });
  request.auditRecorded = true;
}

/** A refused or failed audited call: its change rolled back, so this is written on its own. */
export async function recordAuditFailure(
  db: Database,
  request: FastifyRequest,
  status: number,
  code: string | undefined,
) {
  await db.insert(auditLog).values({ ...base(request), result: 'failure', status, details: code ? { code } : null });
}
