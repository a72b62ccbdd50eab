import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { platforms } from '../platform/schema.js';

/**
 * Versions of a platform's terms and conditions. A save never changes a row: each is a new version,
 * so what a person signed ({id, version}) stays readable. The latest `updatedAt` is the active one.
 */
export const platformTerms = pgTable(
  'platform_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    title: text('title').notNull(),
    /** Sanitised before it is stored. */
    content: text('content').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('platform_terms_version_idx').on(t.platformId, t.version),
    index('platform_terms_latest_idx').on(t.platformId, t.updatedAt),
  ],
);
