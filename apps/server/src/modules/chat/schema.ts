import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

/**
 * A channel of a project (decision 032). `lastSeq` numbers its messages: a post locks the row and
 * takes the next number, so messages have one order, gapless, whatever the clocks of the servers
 * that took them; a member's unread count is `lastSeq` less what they read.
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'open' | 'private' | 'direct' | 'support'>().notNull(),
    name: text('name').notNull(),
    topic: text('topic').notNull().default(''),
    /** A direct conversation's members' ids, sorted and joined: asking again for the same people finds it. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_channels_project_idx').on(table.projectId),
    uniqueIndex('chat_channels_direct_key').on(table.projectId, table.directKey),
    // One support conversation per project.
    uniqueIndex('chat_channels_support_key')
      .on(table.projectId)
      .where(sql`${table.kind} = 'support'`),
  ],
);

/**
 * A member of a channel, with their subscription: how they hear of it, whether it is muted, and how
 * far they read (`lastReadSeq`, a message number of the channel).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    notify: text('notify').$type<'all' | 'mentions' | 'none'>().notNull().default('all'),
    muted: boolean('muted').notNull().default(false),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.channelId, table.userId] }),
    index('chat_members_user_idx').on(table.userId),
  ],
);

/** PostgreSQL's full-text document type; drizzle has none built in. Read back as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A message: its number in the channel (`seq`, the keyset of every page), its text (empty once
 * deleted: `deletedAt` marks the tombstone), whom it mentions and which drive files it carries.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    attachments: uuid('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    replyTo: uuid('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The words of the text, for search (modules/chat/search.ts), kept by the database itself. The
     * 'simple' configuration only lower-cases: no language's stemming or stop words, so names,
     * product codes and words of any language match as typed. A tombstone's text is '', so its
     * vector is empty.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${chatMessages.text})`),
  },
  (table) => [
    uniqueIndex('chat_messages_channel_seq').on(table.channelId, table.seq),
    index('chat_messages_mentions_idx').using('gin', table.mentions),
    index('chat_messages_search_idx').using('gin', table.search),
  ],
);

/** One emoji of one person on one message. */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId, table.emoji] })],
);
