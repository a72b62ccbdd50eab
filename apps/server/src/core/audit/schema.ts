import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, where, when, from which address, and how it ended. Success entries are written in
 * the transaction of the change (so a rolled-back change leaves none); refusals are written beside
 * the error answer.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    operationId: text('operation_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorKind: text('actor_kind', { enum: ['user', 'authKey', 'anonymous'] }).notNull(),
    projectId: uuid('project_id'),
    target: text('target'),
    ip: text('ip'),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    status: integer('status'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_project_at_idx').on(t.projectId, t.at),
    index('audit_log_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);
