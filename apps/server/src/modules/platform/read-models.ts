import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.js';
import { isWithin } from './domain-names.js';
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

/**
 * The platform domain `name` is, or lies under (`shop.wharf.example` under `wharf.example`), of any
 * platform; undefined when none. Platforms are few, each with a handful of domains: one small read.
 */
export async function platformDomainCovering(db: Executor, name: string): Promise<string | undefined> {
  const rows = await db.select({ domains: platforms.domains }).from(platforms);
  return rows.flatMap((row) => row.domains).find((domain) => isWithin(name, domain));
}

/** The canonical (first) domain of a platform, or undefined when it has none or does not exist. */
export async function canonicalDomainOf(db: Executor, platformId: string): Promise<string | undefined> {
  const [row] = await db.select({ domains: platforms.domains }).from(platforms).where(eq(platforms.id, platformId));
  return row?.domains[0];
}

/**
 * Makes claims of a domain take turns until the caller's transaction ends: a platform adding a domain
 * and a project verifying it as a custom domain each look for the other's claim first, under this.
 */
export async function holdDomainClaims(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wharf.domain-claims'))`);
}
