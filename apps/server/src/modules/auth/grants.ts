import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { authorizationCodes, deviceCodes } from './schema.js';

/**
 * A sign-out or password change also voids what a token of the user could still turn into a new
 * session: unredeemed one-time codes and approved, unclaimed device grants. They carry no session
 * of their own, so all of the user's go; both last minutes at most, and the user can ask again.
 * Added to accounts' `sessions.signingOut` hook, so it runs in the sign-out's transaction.
 */
export async function voidPendingGrants(tx: Executor, now: Date, userId: string): Promise<void> {
  await tx
    .update(authorizationCodes)
    .set({ usedAt: now })
    .where(and(eq(authorizationCodes.userId, userId), isNull(authorizationCodes.usedAt)));
  await tx
    .update(deviceCodes)
    .set({ status: 'denied' })
    .where(and(eq(deviceCodes.userId, userId), eq(deviceCodes.status, 'approved')));
}
