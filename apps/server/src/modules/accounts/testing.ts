import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { sessions, users } from './schema.js';
import { findUserByEmail, findUserById } from './service.js';

/**
 * Test support of the accounts module: what tests of other modules, src/test helpers and the demo
 * seed may do to people without importing accounts' tables. Not for request handling.
 */

export type TestUserRow = typeof users.$inferSelect;
type UserFields = Partial<Omit<typeof users.$inferInsert, 'id'>>;

/** A user by id or by address (as stored: addresses are kept lower-case). */
export type UserRef = { id: string } | { email: string };

const matching = (who: UserRef) => ('id' in who ? eq(users.id, who.id) : eq(users.email, who.email));

/** A user straight in the database (no mail, no checks); answers the row. */
export async function insertUser(db: Executor, values: UserFields & { email: string }): Promise<TestUserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Sets fields of a user (`firstName`, `passwordHash`, …) straight in the database. */
export async function setUserFields(db: Executor, who: UserRef, fields: UserFields): Promise<void> {
  await db.update(users).set(fields).where(matching(who));
}

/** Makes a user a platform administrator. */
export async function makeAdmin(db: Executor, who: UserRef): Promise<void> {
  await setUserFields(db, who, { isAdmin: true });
}

/** The user's row, or undefined (the service's own look-ups). */
export function findUser(db: Executor, who: UserRef): Promise<TestUserRow | undefined> {
  return 'id' in who ? findUserById(db, who.id) : findUserByEmail(db, who.email);
}

/** Every user's row. */
export async function allUsers(db: Executor): Promise<TestUserRow[]> {
  return db.select().from(users);
}

/** The ids of a user's sessions (live or not). */
export async function sessionIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * People by fixed id, for the demo seed (seed/demo.ts): made, or given these names when they exist,
 * so running the seed again changes nothing more.
 */
export async function upsertUsers(
  db: Executor,
  rows: readonly (UserFields & { id: string; email: string })[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(users)
    .values(rows.map((row) => ({ ...row })))
    .onConflictDoUpdate({
      target: users.id,
      set: {
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        username: sql`excluded.username`,
      },
    });
}
