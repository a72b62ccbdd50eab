import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { User } from '@wharf/contract';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { passwordProblem } from '../../core/security/passwords.js';
import { passwordTokens, users } from './schema.js';
import { hashToken, newSecretToken } from './tokens.js';

export const SET_PASSWORD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_EMAIL_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;
type TokenPurpose = 'set' | 'reset' | 'verify';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** SPEC.md section 3's user, as every account call answers it. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    features: row.features,
    isAdmin: row.isAdmin,
    signedPlatformTermsLogs: row.signedTermsLogs,
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.totpEnabledAt !== null,
  };
}

/** Refuse a password the policy does not allow, naming the field as a validation error. */
export function assertPasswordAllowed(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new AppError(422, 'WEAK_PASSWORD', problem, [{ path: `body.${field}`, message: problem }]);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Adds a signed version of the terms to the user's list unless it is there already; answers the
 * list and whether it grew. One conditional update, so two signatures racing cannot both append.
 */
export async function appendSignedTerms(
  db: Executor,
  clock: Clock,
  userId: string,
  signed: { id: string; version: string },
): Promise<{ logs: { id: string; version: string }[]; added: boolean }> {
  const entry = sql`jsonb_build_array(jsonb_build_object('id', ${signed.id}::text, 'version', ${signed.version}::text))`;
  const [appended] = await db
    .update(users)
    .set({ signedTermsLogs: sql`${users.signedTermsLogs} || ${entry}`, updatedAt: clock.now() })
    .where(and(eq(users.id, userId), sql`not (${users.signedTermsLogs} @> ${entry})`))
    .returning({ logs: users.signedTermsLogs });
  if (appended) return { logs: appended.logs, added: true };
  const current = await findUserById(db, userId);
  if (!current) throw new Error('A signed-in user has no row');
  return { logs: current.signedTermsLogs, added: false };
}

/** The platform's first administrator: created once, with no password until they set one. */
export async function ensureFirstAdmin(db: Executor, email: string) {
  const existing = await db.select().from(users).where(eq(users.isAdmin, true)).limit(1);
  if (existing[0]) return existing[0];
  await db
    .insert(users)
    .values({ email: normalizeEmail(email), isAdmin: true, firstName: 'Platform', lastName: 'Admin' })
    .onConflictDoNothing();
  const admin = await findUserByEmail(db, email);
  if (!admin) throw new Error('The first admin could not be created');
  if (!admin.isAdmin) await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  return { ...admin, isAdmin: true };
}

/**
 * A fresh one-time link token for a user; earlier unused ones of the same purpose stop working,
 * so only the newest link printed or mailed is valid.
 */
export async function issuePasswordToken(
  db: Executor,
  clock: Clock,
  userId: string,
  purpose: TokenPurpose,
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

/** The user a live, unused token of this purpose belongs to; `lock` holds the row until the transaction ends. */
export async function findLiveToken(db: Executor, clock: Clock, token: string, purpose: TokenPurpose, lock = false) {
  const query = db
    .select({ tokenId: passwordTokens.id, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashToken(token)),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, clock.now()),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(db: Executor, clock: Clock, tokenId: string): Promise<void> {
  await db.update(passwordTokens).set({ usedAt: clock.now() }).where(eq(passwordTokens.id, tokenId));
}

export function linkTokenInvalid(): AppError {
  return new AppError(404, 'TOKEN_INVALID', 'This link has expired or was already used.');
}

export type { UserRow, Database };
