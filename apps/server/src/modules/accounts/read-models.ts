import { eq } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.js';
import { users } from './schema.js';

/**
 * Read models of the accounts module: what other modules may read of people, in shapes they can
 * join in their own queries (a page of members with their names stays one query). Never the table.
 */

/** A person as others show them: id, address and name; join it on `userCards.id`. */
export const userCards = new QueryBuilder()
  .select({
    id: users.id,
    email: users.email,
    username: users.username,
    firstName: users.firstName,
    lastName: users.lastName,
    avatar: users.avatar,
  })
  .from(users)
  .as('user_cards');

/**
 * Whether each person has turned two-factor authentication on, for policies that refuse those who
 * have not (projects' two-factor policy asks it in the same query as the rules that apply).
 */
export const twoFactorStates = new QueryBuilder()
  .select({ id: users.id, totpEnabledAt: users.totpEnabledAt })
  .from(users)
  .as('two_factor_states');

/**
 * Whether the user is a platform admin now, read fresh: a bearer token says who its holder is, not
 * what rights they still have (an admin's rights taken away end at once).
 */
export async function isPlatformAdmin(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  return row?.isAdmin ?? false;
}
