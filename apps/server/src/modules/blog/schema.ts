import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { platforms } from '../platform/schema.js';
import { projects } from '../projects/schema.js';

export const blogCategories = ['tutorial', 'faq', 'news'] as const;
export const blogTypes = ['parent-platform', 'project'] as const;
export const blogVisibilities = ['draft', 'published'] as const;

/**
 * Posts: the platform's own help and news (`parent-platform`, no project) and projects' posts
 * (`project`). Every post belongs to a platform, whose addresses (slugs) are unique across it, so
 * `/support/tutorials/{slug}` names one post. `content` is HTML, sanitised before it is stored.
 */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: blogTypes }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull(),
    category: text('category', { enum: blogCategories }).notNull(),
    visibility: text('visibility', { enum: blogVisibilities }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('blogs_platform_slug_idx').on(t.platformId, t.slug),
    index('blogs_platform_created_idx').on(t.platformId, t.createdAt),
    index('blogs_project_idx').on(t.projectId),
    check('blogs_project_matches_type', sql`(${t.type} = 'project') = (${t.projectId} is not null)`),
  ],
);
