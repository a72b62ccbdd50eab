import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CampaignAudience,
  CampaignStatus,
  DraftBlock,
  DraftContent,
  ImportMapping,
  ImportProblem,
  ImportStatus,
  SubscriberEventKind,
  SubscriberGender,
  SubscriberStatus,
} from '@wharf/contract';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * A person on the project's mailing lists, one per address (kept lower-cased). `status` is whether
 * they may be mailed: only `subscribed` ones are in a campaign's audience. The `last…At` figures are
 * kept current by events (a tracked open or click, an order from the storefront), never rebuilt by a
 * scan, so an audience by them is always today's (decision 038).
 */
export const marketingSubscribers = pgTable(
  'marketing_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    gender: text('gender').$type<SubscriberGender>(),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
    status: text('status').$type<SubscriberStatus>().notNull(),
    /** When and how consent was given: the double opt-in's confirmation, an import, the console, the API. */
    consentAt: at('consent_at'),
    consentSource: text('consent_source'),
    unsubscribedAt: at('unsubscribed_at'),
    lastOpenedAt: at('last_opened_at'),
    lastClickedAt: at('last_clicked_at'),
    lastPurchasedAt: at('last_purchased_at'),
    purchaseCount: integer('purchase_count').notNull().default(0),
    /** The import that last wrote this row: a second line of the same file with this address is a duplicate. */
    lastImportId: uuid('last_import_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${marketingSubscribers.name} || ' ' || ${marketingSubscribers.email})`),
  },
  (t) => [
    uniqueIndex('marketing_subscribers_email_key').on(t.projectId, t.email),
    index('marketing_subscribers_created_idx').on(t.projectId, t.createdAt, t.id),
    index('marketing_subscribers_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // Audiences count the mailable by these; the partial indexes hold only subscribed rows, with the
    // gender and id an audience also asks for, so a count by activity reads the index alone.
    index('marketing_subscribers_purchased_idx')
      .on(t.projectId, t.lastPurchasedAt, t.gender, t.id)
      .where(sql`${t.status} = 'subscribed'`),
    index('marketing_subscribers_opened_idx')
      .on(t.projectId, t.lastOpenedAt, t.gender, t.id)
      .where(sql`${t.status} = 'subscribed'`),
    index('marketing_subscribers_clicked_idx')
      .on(t.projectId, t.lastClickedAt, t.gender, t.id)
      .where(sql`${t.status} = 'subscribed'`),
    index('marketing_subscribers_mailable_idx')
      .on(t.projectId, t.id)
      .where(sql`${t.status} = 'subscribed'`),
  ],
);

/** A mailing list. Double opt-in lists mail a confirmation before a new subscriber counts as subscribed. */
export const marketingLists = pgTable(
  'marketing_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    optIn: text('opt_in').$type<'single' | 'double'>().notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('marketing_lists_name_key').on(t.projectId, sql`lower(${t.name})`)],
);

export const marketingListMembers = pgTable(
  'marketing_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => marketingLists.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => marketingSubscribers.id, { onDelete: 'cascade' }),
    projectId: projectRef(),
    addedAt: at('added_at').notNull(),
    /**
     * Whether the member may be mailed (their status is `subscribed`), kept by triggers (migration
     * 0024): set as a member is added, and on every member row of a subscriber whose status moves in
     * or out of `subscribed`. A list audience then counts from its members' index alone, without
     * reading a million subscribers (decision 038).
     */
    subscribed: boolean('subscribed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.subscriberId] }),
    index('marketing_list_members_subscriber_idx').on(t.subscriberId),
    index('marketing_list_members_mailable_idx')
      .on(t.listId, t.subscriberId)
      .where(sql`${t.subscribed}`),
  ],
);

/**
 * Addresses never to mail again: a deleted subscriber leaves only the SHA-256 of their address here
 * (no personal data), so an import or a form cannot bring them back by mistake.
 */
export const marketingSuppressions = pgTable(
  'marketing_suppressions',
  {
    projectId: projectRef(),
    emailHash: text('email_hash').notNull(),
    reason: text('reason').$type<'deleted' | 'complained'>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.emailHash] })],
);

/** A subscriber's activity, oldest first: subscribed, confirmed, imported, opened, clicked, purchased… */
export const marketingSubscriberEvents = pgTable(
  'marketing_subscriber_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => marketingSubscribers.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    kind: text('kind').$type<SubscriberEventKind>().notNull(),
    /** The campaign an open, click, send or unsubscribe came from. */
    campaignId: uuid('campaign_id'),
    detail: text('detail'),
  },
  (t) => [index('marketing_subscriber_events_subscriber_idx').on(t.subscriberId, t.seq)],
);

/**
 * A CSV import: the file waits in the object store while a person maps its columns, then a job
 * streams it through csv-parse and keeps the counts and the first problems by line number.
 */
export const marketingImports = pgTable(
  'marketing_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    status: text('status').$type<ImportStatus>().notNull(),
    fileName: text('file_name').notNull(),
    objectKey: text('object_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The header row's names and the first rows, for the mapping step. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    sample: jsonb('sample').$type<string[][]>().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>(),
    listIds: jsonb('list_ids').$type<string[]>().notNull().default([]),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    suppressed: integer('suppressed').notNull().default(0),
    /** The first problems, each with its line number; the counts hold them all. */
    problems: jsonb('problems').$type<ImportProblem[]>().notNull().default([]),
    failure: text('failure'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('marketing_imports_project_idx').on(t.projectId, t.createdAt)],
);

/** A mail being written: subject, preheader and a body in Markdown or blocks, with Liquid merge tags. */
export const marketingDrafts = pgTable(
  'marketing_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull().default(''),
    format: text('format').$type<'markdown' | 'blocks'>().notNull(),
    markdown: text('markdown').notNull().default(''),
    blocks: jsonb('blocks').$type<DraftBlock[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${marketingDrafts.name} || ' ' || ${marketingDrafts.subject})`),
  },
  (t) => [index('marketing_drafts_updated_idx').on(t.projectId, t.updatedAt, t.id)],
);

/**
 * A campaign: a draft's content (copied when it is scheduled, so later edits to the draft do not
 * change a sending mail), an audience, a schedule and the figures of its send.
 */
export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    name: text('name').notNull(),
    draftId: uuid('draft_id').references(() => marketingDrafts.id, { onDelete: 'set null' }),
    /** The draft's content as it was when the campaign left `draft` (what its send compiles and mails). */
    content: jsonb('content').$type<DraftContent>(),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    status: text('status').$type<CampaignStatus>().notNull(),
    scheduledAt: at('scheduled_at'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    /** The last subscriber id handed to a batch: a resumed send goes on after it (keyset order). */
    sendCursor: uuid('send_cursor'),
    /** Why a send stopped short (a template that no longer renders); null while all is well. */
    failure: text('failure'),
    recipients: integer('recipients').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    clicked: integer('clicked').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${marketingCampaigns.name})`),
  },
  (t) => [
    index('marketing_campaigns_created_idx').on(t.projectId, t.createdAt, t.id),
    index('marketing_campaigns_due_idx').on(t.status, t.scheduledAt),
  ],
);

/**
 * One row per recipient of a campaign, written before the mail is handed to the server: a send
 * resumed after a crash skips every subscriber with a row, so nobody is mailed twice (decision 038).
 */
export const marketingCampaignRecipients = pgTable(
  'marketing_campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id').notNull(),
    projectId: projectRef(),
    /** `deferred`: the relay put the mail off (a 4xx); tried again at `retryAt`, failed after a few. */
    status: text('status').$type<'sending' | 'sent' | 'failed' | 'deferred'>().notNull(),
    sentAt: at('sent_at'),
    openedAt: at('opened_at'),
    clickedAt: at('clicked_at'),
    error: text('error'),
    /** How many times the relay put this mail off. */
    deferrals: integer('deferrals').notNull().default(0),
    retryAt: at('retry_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.subscriberId] }),
    // The few mails waiting to be tried again, found without reading the campaign's recipients.
    index('marketing_campaign_recipients_deferred_idx')
      .on(t.campaignId, t.retryAt)
      .where(sql`${t.status} = 'deferred'`),
  ],
);
