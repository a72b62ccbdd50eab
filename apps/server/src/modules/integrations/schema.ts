import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { platforms } from '../platform/schema.js';
import { projects } from '../projects/schema.js';

/**
 * A project's modules. Uninstalling keeps the row (`uninstalledAt`) for `withUninstalled` and the
 * audit trail; installing again revives it. At most one row per project and code.
 * `credentials` are encrypted (AES-256-GCM, key in app_secrets) and never leave the server.
 */
export const projectIntegrations = pgTable(
  'project_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    credentials: text('credentials'),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull(),
    setupAt: timestamp('setup_at', { withTimezone: true }),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('project_integrations_project_code_idx').on(t.projectId, t.code),
    index('project_integrations_installed_idx')
      .on(t.projectId)
      .where(sql`${t.uninstalledAt} is null`),
  ],
);

/** What each platform's store shows, in which order, under which name (platform admins decide). */
export const integrationListings = pgTable(
  'integration_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    visible: boolean('visible').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(1000),
    name: text('name'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('integration_listings_platform_code_idx').on(t.platformId, t.code)],
);
