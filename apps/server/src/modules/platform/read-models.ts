import { QueryBuilder } from 'drizzle-orm/pg-core';
import { platforms } from './schema.js';

/**
 * Read models of the platform module: what other modules may read of platforms, in shapes they can
 * join in their own queries. Never the table.
 */

/** Each platform's name and whether it requires two-factor authentication; join it on `platformFacts.id`. */
export const platformFacts = new QueryBuilder()
  .select({ id: platforms.id, name: platforms.name, requireTwoFactor: platforms.requireTwoFactor })
  .from(platforms)
  .as('platform_facts');

/**
 * Each platform's name and logos, the brand its documents (invoices, statements) are printed under;
 * join it on `platformBranding.id`.
 */
export const platformBranding = new QueryBuilder()
  .select({ id: platforms.id, name: platforms.name, logos: platforms.logos })
  .from(platforms)
  .as('platform_branding');
