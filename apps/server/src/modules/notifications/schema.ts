import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

/** Where a notification leads: a console route by name, or an external link. */
export interface StoredAction {
  route?: { name: string; params: Record<string, string>; query: Record<string, string> };
  link?: string;
}

/**
 * One row per recipient: a project notification is copied to each member when it is raised, so each
 * person reads and deletes their own copy. Deleting removes the row, so a later poll cannot bring it
 * back. `group` is SPEC.md's 'user' or 'project:{projectId}'.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    image: text('image'),
    action: jsonb('action').$type<StoredAction>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The panel's pages: newest first per person, per group (keyset on createdAt, id).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_group_created_idx').on(t.userId, t.group, t.createdAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId, t.group)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The browsers a person allowed to receive pushes: `PushSubscription.toJSON()`, one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    subscription: jsonb('subscription')
      .$type<{ endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } }>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
