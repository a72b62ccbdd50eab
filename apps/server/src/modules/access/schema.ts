import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

/** Built-in roles (no project) and each project's custom roles: named sets of permissions. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default([]),
    builtIn: boolean('built_in').notNull().default(false),
    /** Set when a platform admin edits a built-in role: start-up then stops resetting it from code. */
    customisedAt: timestamp('customised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_project_key_idx').on(t.projectId, t.key),
    uniqueIndex('roles_built_in_key_idx')
      .on(t.key)
      .where(sql`${t.projectId} is null`),
  ],
);

/** Users hold roles per project; a member may hold several. */
export const roleAssignments = pgTable(
  'role_assignments',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId, t.roleId] }), index('role_assignments_user_idx').on(t.userId)],
);

/** Project API keys: bearer secrets for one project and a set of permissions; only a hash is kept. */
export const authKeys = pgTable(
  'auth_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, to recognise a key without revealing it. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    permissions: text('permissions').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_keys_project_idx').on(t.projectId)],
);

/** An invitation to join a project with a role, mailed to an address; only the token's hash is kept. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The role's key: built-in or the project's own (kept in step when a custom role is renamed). */
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('invites_project_idx').on(t.projectId, t.createdAt)],
);
