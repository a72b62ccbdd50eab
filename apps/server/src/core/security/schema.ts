import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of core/security: the process-wide secrets and signing keys every module relies on.

/** Keys that sign the service API's bearer tokens; made on first start and kept, shared by every instance. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Random secrets the server makes on first start and every instance shares (e.g. the captcha HMAC key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
