import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobStates = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The background job queue (DESIGN.md "background jobs": in-process over the database). A job is
 * claimed by moving it to `running` with `lockedUntil` set; one whose worker died is claimable again
 * once that passes. Failures wait `runAt` (exponential back-off) until `maxAttempts` is used up.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: text('state', { enum: jobStates }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt)],
);
