import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A project's custom domain. It proves itself with a DNS TXT record holding `token`; a background
 * job checks with back-off (`nextCheckAt`, `checks`) until it is verified or has failed for good.
 * Many projects may claim a name while pending, only one may hold it verified.
 */
export const projectDomains = pgTable(
  'project_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-case, no trailing dot. */
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    status: text('status').$type<'pending' | 'verified' | 'failed'>().notNull(),
    /** Why the last check did not verify it, in words a person can act on. */
    failure: text('failure'),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: at('next_check_at'),
    lastCheckedAt: at('last_checked_at'),
    verifiedAt: at('verified_at'),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('project_domains_project_domain_key').on(t.projectId, t.domain),
    uniqueIndex('project_domains_verified_key')
      .on(t.domain)
      .where(sql`${t.status} = 'verified'`),
    index('project_domains_project_idx').on(t.projectId, t.createdAt),
  ],
);
