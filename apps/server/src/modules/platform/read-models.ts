import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.js';
import { platforms } from './schema.js';

/**
 * Read models of the platform module: what other modules may read of platforms, in shapes they can
 * join in their own queries. Never the table.
 */

/**
 * Each platform's name, logos (the brand its invoices and statements are printed under) and whether
 * it requires two-factor authentication; join it on `platformFacts.id` and select what you need.
 */
export const platformFacts = new QueryBuilder()
  .select({
    id: platforms.id,
    name: platforms.name,
    logos: platforms.logos,
    requireTwoFactor: platforms.requireTwoFactor,
  })
  .from(platforms)
  .as('platform_facts');

/** Whether a platform of this id exists. */
export async function platformExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, id));
  return row !== undefined;
}

/**
 * Holds a platform's row until the caller's transaction ends, so that changes of what hangs off one
 * platform (terms' versions) take turns; `no key update` still lets rows that reference the platform
 * be written meanwhile. Answers whether the platform exists.
 */
export async function lockPlatformRow(tx: Executor, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, id)).for('no key update');
  return row !== undefined;
}
