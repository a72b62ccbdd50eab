import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlatformLogo } from '@wharf/contract';

/** A platform is one branded console (its own domains, name, logos); projects live on one. */
export const platforms = pgTable(
  'platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Hosts this platform answers on; the first is its canonical domain. */
    domains: text('domains').array().notNull().default([]),
    public: boolean('public').notNull().default(false),
    favicon: text('favicon'),
    logos: jsonb('logos').$type<PlatformLogo[]>().notNull().default([]),
    /** Every user of the platform must have two-factor authentication on to list projects and organisations. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** The platform that answers hosts no platform claims. Exactly one. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platforms_single_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);
