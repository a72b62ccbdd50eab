import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { platforms } from './schema.js';

/**
 * Test support of the platform module: what tests of other modules (and seed checks) may do to
 * platforms without importing platform's tables. Not for production code.
 */

export type TestPlatformRow = typeof platforms.$inferSelect;

/** Every platform's row, oldest first. */
export async function allPlatforms(db: Executor): Promise<TestPlatformRow[]> {
  return db.select().from(platforms).orderBy(platforms.createdAt);
}

/** A platform straight in the database; answers the row. */
export async function insertPlatform(
  db: Executor,
  values: Partial<Omit<typeof platforms.$inferInsert, 'id'>> & { name: string },
): Promise<TestPlatformRow> {
  const [row] = await db.insert(platforms).values(values).returning();
  return row!;
}

/** Sets a platform's logos straight in the database (billing's documents print the light desktop one). */
export async function setPlatformLogos(
  db: Executor,
  platformId: string,
  logos: TestPlatformRow['logos'],
): Promise<void> {
  await db.update(platforms).set({ logos }).where(eq(platforms.id, platformId));
}

/** Sets fields of a platform (`requireTwoFactor`, …) straight in the database. */
export async function setPlatformFields(
  db: Executor,
  platformId: string,
  fields: Partial<Omit<typeof platforms.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(platforms).set(fields).where(eq(platforms.id, platformId));
}
