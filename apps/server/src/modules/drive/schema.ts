import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

/**
 * A project's drive: its quota and storage class (platform admins set them up), what it uses (kept
 * current in the same transaction as every upload and deletion, never summed on read), and the
 * number of its last change. Every change of the project's files updates this row, so its lock
 * orders them: the change feed's sequence is gapless and in commit order.
 */
export const driveProjects = pgTable('drive_projects', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
  storageClass: text('storage_class').notNull(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  fileCount: integer('file_count').notNull().default(0),
  lastSequence: bigint('last_sequence', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A file: its record first (`pending`), its bytes after (`ready`). `objectKey` names the bytes in the
 * object store (built from ids and the version, never from `name`); `size` is what was declared
 * until the bytes are in, then what was stored. `type` is sniffed from the bytes on upload.
 */
export const driveFiles = pgTable(
  'drive_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    folder: text('folder').notNull(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status').$type<'pending' | 'ready'>().notNull(),
    version: integer('version').notNull().default(0),
    objectKey: text('object_key'),
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    tags: text('tags').array().notNull(),
    altText: text('alt_text').notNull(),
    custom: jsonb('custom').$type<Record<string, string>>().notNull(),
    public: boolean('public').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  },
  (t) => [
    // One index per sort of the list, each ending in the id that breaks ties (keyset paging).
    index('drive_files_created_idx').on(t.projectId, t.createdAt, t.id),
    index('drive_files_updated_idx').on(t.projectId, t.updatedAt, t.id),
    index('drive_files_name_idx').on(t.projectId, t.name, t.id),
    index('drive_files_size_idx').on(t.projectId, t.size, t.id),
    // Words of a search are matched anywhere in the name (`ilike '%word%'`): trigrams find a rare
    // word without reading every file of the project (pg_trgm, in PostgreSQL and PGlite alike).
    index('drive_files_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('drive_files_tags_idx').using('gin', t.tags),
    index('drive_files_public_idx')
      .on(t.projectId, t.id)
      .where(sql`${t.public}`),
  ],
);

/** The change feed: one row per change of a project's files, numbered from 1 per project. */
export const driveChanges = pgTable(
  'drive_changes',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    kind: text('kind').$type<'created' | 'updated' | 'deleted'>().notNull(),
    // No foreign key: a deleted file's changes stay in the feed.
    fileId: uuid('file_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.sequence] })],
);

/**
 * A drive's counters per UTC day. Stored bytes and files are set by every change (what the drive
 * held at the day's last change); uploads are added in the upload's transaction; bytes served and
 * renderings are added by each process from its own tallies every few seconds (`metrics.ts`), so
 * several processes add up rather than overwrite.
 */
export const driveMetrics = pgTable(
  'drive_metrics',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    uploads: integer('uploads').notNull().default(0),
    uploadedBytes: bigint('uploaded_bytes', { mode: 'number' }).notNull().default(0),
    bytesServed: bigint('bytes_served', { mode: 'number' }).notNull().default(0),
    transforms: integer('transforms').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] }), index('drive_metrics_day_idx').on(t.day)],
);
