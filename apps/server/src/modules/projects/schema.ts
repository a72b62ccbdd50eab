import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import type { ProjectSettings } from '@wharf/contract';
import { users } from '../accounts/schema.js';
import { platforms } from '../platform/schema.js';

export const projectRoles = ['owner', 'admin', 'member', 'finance', 'viewer'] as const;
export type ProjectRole = (typeof projectRoles)[number];

export interface ProjectLogo {
  url: string;
  meta: { context: string; backgroundColor?: string };
}

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id),
    name: text('name').notNull(),
    /** Members must have two-factor authentication on to list projects and organisations. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organisations_platform_idx').on(t.platformId)],
);

export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] }), index('organisation_members_user_idx').on(t.userId)],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    logos: jsonb('logos').$type<ProjectLogo[]>().notNull().default([]),
    /** Currency, timezone, units: a few values read as a whole with the project, so one document. */
    settings: jsonb('settings').$type<ProjectSettings>().notNull().default({}),
    /** The billing plan; 'demo' marks a demo project. The billing module takes this over. */
    planCode: text('plan_code').notNull().default('starter'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_organisation_idx').on(t.organisationId), index('projects_platform_idx').on(t.platformId)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Roles are held through role_assignments (access module); this row is the membership itself.
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);
