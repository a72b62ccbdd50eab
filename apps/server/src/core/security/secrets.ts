import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { appSecrets } from './schema.js';

const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * A named secret, made once (32 random bytes, or what `make` gives) and shared by every instance
 * through the database: the first process to store it wins, every other reads that one.
 */
export async function ensureSecret(db: Database, name: string, make: () => string = randomSecret): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
