import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Executor } from '../../core/db/database.js';
import { passwordTokens, users } from './schema.js';
import { hashToken, newSecretToken } from './tokens.js';

export const SET_PASSWORD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The platform's first administrator: created once, with no password until they set one. */
export async function ensureFirstAdmin(db: Executor, email: string) {
  const existing = await db.select().from(users).where(eq(users.isAdmin, true)).limit(1);
  if (existing[0]) return existing[0];
  await db
    .insert(users)
    .values({ email: normalizeEmail(email), isAdmin: true, firstName: 'Platform', lastName: 'Admin' })
    .onConflictDoNothing();
  const [admin] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!admin) throw new Error('The first admin could not be created');
  if (!admin.isAdmin) await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return { ...admin, isAdmin: true };
}

/**
 * A fresh one-time set-password link for a user; earlier unused ones of the same purpose stop working,
 * so only the newest link printed or mailed is valid.
 */
export async function issuePasswordToken(
  db: Executor,
  clock: Clock,
  userId: string,
  purpose: 'set' | 'reset',
  ttlMs: number,
): Promise<string> {
  const now = clock.now();
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, purpose), isNull(passwordTokens.usedAt)));
  const token = newSecretToken();
  await db.insert(passwordTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}
