import { sql, type SQL } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DraftContent, FlowDefinition, FlowStatus } from '@wharf/contract';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { marketingSubscribers } from '../marketing/schema.js';
import { projects } from '../projects/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * An automated mail flow (decision 039): its draft being edited, and which published version is live.
 * `status` says whether the live version takes new subscribers and moves its runs on.
 */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    name: text('name').notNull(),
    status: text('status').$type<FlowStatus>().notNull(),
    liveVersion: integer('live_version'),
    /** The live version's trigger kind, copied at publish so a trigger finds its flows by index. */
    liveTrigger: text('live_trigger'),
    draft: jsonb('draft').$type<FlowDefinition>().notNull(),
    draftBaseVersion: integer('draft_base_version'),
    draftUpdatedAt: at('draft_updated_at').notNull(),
    publishedAt: at('published_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${flows.name})`),
  },
  (t) => [
    index('flows_created_idx').on(t.projectId, t.createdAt, t.id),
    index('flows_live_trigger_idx')
      .on(t.projectId, t.liveTrigger)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** A published version: the definition and its mails' content as they were at publish, never changed. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    projectId: projectRef(),
    definition: jsonb('definition').$type<FlowDefinition>().notNull(),
    /** Each send step's mail as published, by step id. */
    mails: jsonb('mails').$type<Record<string, DraftContent>>().notNull(),
    publishedAt: at('published_at').notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.version] })],
);

/**
 * One subscriber's way through a flow: the version they entered, the step they are at and when it is
 * due. `entryKey` tells entries apart where a trigger may come again (a lapse since a later order);
 * the unique index makes a trigger that fires twice enter them once.
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => marketingSubscribers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    entryKey: text('entry_key').notNull().default(''),
    stepIndex: integer('step_index').notNull().default(0),
    status: text('status').$type<'active' | 'completed' | 'exited'>().notNull(),
    nextAt: at('next_at'),
    exitReason: text('exit_reason'),
    startedAt: at('started_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('flow_runs_entry_idx').on(t.flowId, t.subscriberId, t.entryKey),
    index('flow_runs_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'active'`),
    index('flow_runs_flow_idx').on(t.flowId, t.status, t.stepIndex),
    // Erasing a subscriber cascades here: found by index, not by reading every run.
    index('flow_runs_subscriber_idx').on(t.subscriberId),
  ],
);

/**
 * A send step's mail to one run, recorded before it is handed to the mail server: a run resumed
 * after a crash finds the row and does not mail again (the campaigns' rule, decision 038).
 */
export const flowSends = pgTable(
  'flow_sends',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    projectId: projectRef(),
    /** `deferred`: the relay put the mail off (a 4xx); the run comes back to this step to try again. */
    status: text('status').$type<'sending' | 'sent' | 'failed' | 'deferred'>().notNull(),
    at: at('at').notNull(),
    error: text('error'),
    /** How many times the relay put this mail off. */
    deferrals: integer('deferrals').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.stepId] }),
    // Each pass looks for sends a stopped process left behind: few rows, found without a scan.
    index('flow_sends_interrupted_idx')
      .on(t.at)
      .where(sql`${t.status} = 'sending'`),
  ],
);
