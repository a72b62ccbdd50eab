import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

/** A person's bookmark tabs in a project; `sortOrder` is 1-based. */
export const bookmarkTabs = pgTable(
  'bookmark_tabs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bookmark_tabs_owner_idx').on(t.projectId, t.userId)],
);

/**
 * A person's bookmarks in a project. `tabId` null is the default tab; deleting a tab moves its
 * bookmarks there. `sortOrder` orders all of them, `tabSortOrder` within the tab (both 1-based).
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tabId: uuid('tab_id').references(() => bookmarkTabs.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    data: jsonb('data')
      .$type<{
        route?: { name: string; params: Record<string, string>; query: Record<string, string> };
        url?: string;
      }>()
      .notNull(),
    description: text('description'),
    color: text('color'),
    icon: text('icon'),
    sortOrder: integer('sort_order').notNull(),
    tabSortOrder: integer('tab_sort_order').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('bookmarks_owner_idx').on(t.projectId, t.userId, t.tabId, t.tabSortOrder)],
);
