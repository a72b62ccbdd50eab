import type { operations } from '@wharf/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { SESSION_COOKIE } from '../../core/security/cookies.js';
import { hashPassword, verifyPassword } from '../../core/security/passwords.js';
import { FREE_FAILURES } from '../../core/security/attempts.js';
import { recordAudit } from '../../core/audit/audit.js';
import type { Executor } from '../../core/db/database.js';
import {
  clearSessionCookie,
  currentAccount,
  link,
  openSession,
  platformName,
  setSessionCookie,
  type AccountContext,
} from './context.js';
import { resetMail, setPasswordMail, verificationMail } from './mails.js';
import { recoveryCodes, users } from './schema.js';
import {
  assertPasswordAllowed,
  findLiveToken,
  findUserByEmail,
  issuePasswordToken,
  linkTokenInvalid,
  markTokenUsed,
  normalizeEmail,
  RESET_PASSWORD_TOKEN_TTL_MS,
  SET_PASSWORD_TOKEN_TTL_MS,
  toUser,
  VERIFY_EMAIL_TOKEN_TTL_MS,
} from './service.js';
import { describeSecret, hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret } from './totp.js';

type AccountOperations = Pick<
  typeof operations,
  | 'getUser'
  | 'createUser'
  | 'updateUser'
  | 'login'
  | 'logout'
  | 'getToken'
  | 'sendVerificationEmail'
  | 'verifyEmail'
  | 'forgotPassword'
  | 'getResetPassword'
  | 'resetPassword'
  | 'setPasswordToken'
  | 'setPassword'
  | 'changePassword'
  | 'confirmPassword'
  | 'getTwoFactorSecret'
  | 'setupTwoFactor'
  | 'getCaptchaChallenge'
>;

/**
 * Sign-in throttling (ASVS 6.3, decision 021), counted per account and per address apart:
 * an account needs a captcha after 3 failures and waits, doubling, from its 5th (FREE_FAILURES);
 * an address needs a captcha for every sign-in after 10 failures and waits, doubling, from its
 * 20th, but that wait binds only accounts with failures of their own.
 */
export const CAPTCHA_AFTER_FAILURES = 3;
export const ADDRESS_CAPTCHA_AFTER_FAILURES = 10;
export const ADDRESS_FREE_FAILURES = 20;
/** A sensitive change needs the password confirmed this recently. */
const CONFIRMATION_WINDOW_MS = 15 * 60 * 1000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'The email or password is incorrect.');
const wrongCurrentPassword = () =>
  new AppError(422, 'INVALID_PASSWORD', 'The current password is incorrect.', [
    { path: 'body.current_password', message: 'The current password is incorrect.' },
  ]);

function tooManyAttempts(retryAfter: number): AppError {
  const error = new AppError(429, 'TOO_MANY_REQUESTS', `Too many attempts. Try again in ${retryAfter} seconds.`);
  (error as AppError & { headers: Record<string, string> }).headers = { 'retry-after': String(retryAfter) };
  return error;
}

async function requireCaptcha(ctx: AccountContext, request: FastifyRequest, response: string | undefined) {
  if (!response) throw new AppError(400, 'CAPTCHA_REQUIRED', 'Complete the captcha to continue.');
  if (!(await ctx.captcha.verify(response, request.ip))) {
    throw new AppError(400, 'CAPTCHA_INVALID', 'The captcha was not solved. Try again.');
  }
}

export function accountHandlers(ctx: AccountContext): Handlers<AccountOperations> {
  const { db, clock } = ctx;
  const nowMs = () => clock.now().getTime();

  /** A one-time code: the current TOTP step (once), or an unused recovery code. */
  async function acceptSecondFactor(userId: string, secret: string, lastStep: number | null, code: string) {
    const step = matchTotp(secret, code, clock.now());
    if (step !== undefined) {
      if (lastStep !== null && step <= lastStep) return false;
      // Conditional update: two requests racing with the same code cannot both succeed.
      const updated = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(eq(users.id, userId), lastStep === null ? isNull(users.totpLastStep) : eq(users.totpLastStep, lastStep)),
        )
        .returning({ id: users.id });
      return updated.length === 1;
    }
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  }

  /** A verification link, mailed in the caller's transaction. */
  async function mailVerification(tx: Executor, name: string, userId: string, email: string) {
    const token = await issuePasswordToken(tx, clock, userId, 'verify', VERIFY_EMAIL_TOKEN_TTL_MS);
    await ctx.mail.enqueue(tx, verificationMail(email, name, link(ctx, '/verify-email', { token })));
  }

  return {
    getUser: (_input, request) => toUser(currentAccount(request).user),

    createUser: async ({ body }, request, reply) => {
      await requireCaptcha(ctx, request, body['g-recaptcha-response']);
      const email = normalizeEmail(body.email);
      assertPasswordAllowed(body.password, email);
      const passwordHash = await hashPassword(body.password);
      const name = await platformName(ctx, request);
      const { created, session } = await db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values({ email, passwordHash }).onConflictDoNothing().returning();
        if (!row) throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists.');
        await mailVerification(tx, name, row.id, email);
        const opened = await openSession(ctx, tx, request, row.id);
        await recordAudit(tx, request, { actorUserId: row.id, target: `user:${row.id}` });
        return { created: row, session: opened };
      });
      setSessionCookie(ctx, reply, session);
      void ctx.mail.flush();
      return toUser(created);
    },

    updateUser: async ({ body }, request) => {
      const { user } = currentAccount(request);
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
      if (body.username !== undefined) changes.username = body.username;
      if (body.firstName !== undefined) changes.firstName = body.firstName;
      if (body.lastName !== undefined) changes.lastName = body.lastName;
      if (body.avatar !== undefined) changes.avatar = body.avatar;
      const newEmail = body.email === undefined ? undefined : normalizeEmail(body.email);
      if (newEmail && newEmail !== user.email) {
        changes.email = newEmail;
        changes.emailVerifiedAt = null;
      }
      if (changes.username) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.username, changes.username), ne(users.id, user.id)));
        if (taken)
          throw new AppError(409, 'USERNAME_TAKEN', 'That username is taken.', [
            { path: 'body.username', message: 'That username is taken.' },
          ]);
      }
      if (changes.email && (await findUserByEmail(db, changes.email))) {
        throw new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', [
          { path: 'body.email', message: 'An account with this email already exists.' },
        ]);
      }
      const name = await platformName(ctx, request);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.update(users).set(changes).where(eq(users.id, user.id)).returning();
        if (changes.email) await mailVerification(tx, name, user.id, changes.email);
        await recordAudit(tx, request, { target: `user:${user.id}`, details: { fields: Object.keys(body) } });
        return row!;
      });
      void ctx.mail.flush();
      return toUser(updated);
    },

    login: async ({ body }, request, reply) => {
      const email = normalizeEmail(body.email);
      const accountKey = `login:account:${email}`;
      const addressKey = `login:ip:${request.ip}`;
      // The same answer for an address with or without an account: the email alone is the key.
      const [account, address] = await ctx.failures.read([accountKey, addressKey], nowMs());
      // An account's own failures make it wait, whichever address tries next. An address's failures
      // make it wait only for accounts that have failed themselves: a bystander sharing the address
      // (an office, a carrier's NAT) still signs in with the right password.
      const wait = Math.max(account!.retryAfter, account!.failures > 0 ? address!.retryAfter : 0);
      if (wait > 0) throw tooManyAttempts(wait);
      if (account!.failures >= CAPTCHA_AFTER_FAILURES || address!.failures >= ADDRESS_CAPTCHA_AFTER_FAILURES) {
        await requireCaptcha(ctx, request, body['g-recaptcha-response']);
      }
      const fail = async (error: AppError) => {
        await Promise.all([
          ctx.failures.recordFailure(accountKey, nowMs(), FREE_FAILURES),
          ctx.failures.recordFailure(addressKey, nowMs(), ADDRESS_FREE_FAILURES),
        ]);
        return error;
      };
      const user = await findUserByEmail(db, email);
      if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) throw await fail(invalidCredentials());
      if (user.totpEnabledAt && user.totpSecret) {
        if (!body.one_time_password) {
          throw new AppError(401, 'TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app.');
        }
        if (!(await acceptSecondFactor(user.id, user.totpSecret, user.totpLastStep, body.one_time_password))) {
          throw await fail(
            new AppError(401, 'INVALID_ONE_TIME_PASSWORD', 'That code is not valid. Enter the current code.'),
          );
        }
      }
      // Only the account's counter: one good password must not wipe an address's record of guesses.
      await ctx.failures.reset(accountKey);
      const session = await db.transaction(async (tx) => {
        const opened = await openSession(ctx, tx, request, user.id);
        await recordAudit(tx, request, { actorUserId: user.id, target: `user:${user.id}` });
        return opened;
      });
      setSessionCookie(ctx, reply, session);
      return toUser(user);
    },

    logout: async (_input, request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const ended = await db.transaction(async (tx) => {
        const session = token ? await ctx.sessions.deleteByToken(tx, token) : undefined;
        if (session) await ctx.sessions.voidPendingGrants(tx, session.userId);
        await recordAudit(tx, request, {
          actorUserId: session?.userId ?? null,
          target: session ? `user:${session.userId}` : null,
        });
        return session;
      });
      // The session's bearer tokens die with it, on every process.
      if (ended) ctx.sessions.revoke([ended.id]);
      clearSessionCookie(ctx, reply);
      return undefined;
    },

    getToken: async (_input, request) => {
      const { session, user } = currentAccount(request);
      return { token: await ctx.tokens.sign(user.id, session.id) };
    },

    sendVerificationEmail: async (_input, request) => {
      const { user } = currentAccount(request);
      const name = await platformName(ctx, request);
      await db.transaction(async (tx) => {
        if (!user.emailVerifiedAt) await mailVerification(tx, name, user.id, user.email);
        await recordAudit(tx, request, { target: `user:${user.id}` });
      });
      void ctx.mail.flush();
      return undefined;
    },

    verifyEmail: async ({ params }, request) => {
      await db.transaction(async (tx) => {
        const found = await findLiveToken(tx, clock, params.token, 'verify', true);
        if (!found) throw linkTokenInvalid();
        await markTokenUsed(tx, clock, found.tokenId);
        await tx.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, found.user.id));
        await recordAudit(tx, request, { actorUserId: found.user.id, target: `user:${found.user.id}` });
      });
      return undefined;
    },

    forgotPassword: async ({ body }, request) => {
      await requireCaptcha(ctx, request, body['g-recaptcha-response']);
      const user = await findUserByEmail(db, body.email);
      if (user) {
        const name = await platformName(ctx, request);
        await db.transaction(async (tx) => {
          const token = await issuePasswordToken(tx, clock, user.id, 'reset', RESET_PASSWORD_TOKEN_TTL_MS);
          await ctx.mail.enqueue(
            tx,
            resetMail(user.email, name, link(ctx, '/reset-password', { token, email: user.email })),
          );
        });
        void ctx.mail.flush();
      }
      return undefined;
    },

    getResetPassword: async ({ params }) => {
      const found = await findLiveToken(db, clock, params.resetPasswordToken, 'reset');
      if (!found) throw linkTokenInvalid();
      return { email: found.user.email };
    },

    resetPassword: async ({ body }, request) => {
      assertPasswordAllowed(body.password, body.email);
      const passwordHash = await hashPassword(body.password);
      const ended = await db.transaction(async (tx) => {
        const found = await findLiveToken(tx, clock, body.token, 'reset', true);
        if (!found || found.user.email !== normalizeEmail(body.email)) throw linkTokenInvalid();
        await markTokenUsed(tx, clock, found.tokenId);
        await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, found.user.id));
        // Whoever knew the old password is signed out everywhere, bearer tokens included.
        const ids = await ctx.sessions.deleteOthers(tx, found.user.id);
        await ctx.sessions.voidPendingGrants(tx, found.user.id);
        await recordAudit(tx, request, { actorUserId: found.user.id, target: `user:${found.user.id}` });
        return ids;
      });
      ctx.sessions.revoke(ended);
      return undefined;
    },

    setPasswordToken: async ({ body }, request) => {
      const user = await findUserByEmail(db, body.email);
      if (user && !user.passwordHash) {
        const name = await platformName(ctx, request);
        await db.transaction(async (tx) => {
          const token = await issuePasswordToken(tx, clock, user.id, 'set', SET_PASSWORD_TOKEN_TTL_MS);
          await ctx.mail.enqueue(
            tx,
            setPasswordMail(user.email, name, link(ctx, '/set-password', { token, email: user.email })),
          );
        });
        void ctx.mail.flush();
      }
      return undefined;
    },

    setPassword: async ({ body }, request, reply) => {
      assertPasswordAllowed(body.password, body.email);
      const passwordHash = await hashPassword(body.password);
      const updated = await db.transaction(async (tx) => {
        const found = await findLiveToken(tx, clock, body.token, 'set', true);
        if (!found || found.user.email !== normalizeEmail(body.email)) throw linkTokenInvalid();
        await markTokenUsed(tx, clock, found.tokenId);
        const now = clock.now();
        const [row] = await tx
          .update(users)
          .set({
            passwordHash,
            // The link arrived by mail (or was printed for the admin): the address is proven.
            emailVerifiedAt: found.user.emailVerifiedAt ?? now,
            ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
            ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
            ...(body.username !== undefined ? { username: body.username } : {}),
            ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
            ...(body.signedEula ? { signedEulaAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(users.id, found.user.id))
          .returning();
        const opened = await openSession(ctx, tx, request, found.user.id);
        await recordAudit(tx, request, { actorUserId: found.user.id, target: `user:${found.user.id}` });
        return { row: row!, opened };
      });
      setSessionCookie(ctx, reply, updated.opened);
      return toUser(updated.row);
    },

    changePassword: async ({ body }, request) => {
      const { session, user } = currentAccount(request);
      if (!(await verifyPassword(user.passwordHash, body.current_password))) throw wrongCurrentPassword();
      assertPasswordAllowed(body.password, user.email);
      const passwordHash = await hashPassword(body.password);
      const ended = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
        const ids = await ctx.sessions.deleteOthers(tx, user.id, session.id);
        await ctx.sessions.voidPendingGrants(tx, user.id);
        await recordAudit(tx, request, { target: `user:${user.id}` });
        return ids;
      });
      ctx.sessions.revoke(ended);
      return undefined;
    },

    confirmPassword: async ({ body }, request) => {
      const { session, user } = currentAccount(request);
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        throw new AppError(422, 'INVALID_PASSWORD', 'The password is incorrect.', [
          { path: 'body.password', message: 'The password is incorrect.' },
        ]);
      }
      await ctx.sessions.markConfirmed(session.id);
      return undefined;
    },

    getTwoFactorSecret: async (_input, request) => {
      const { user } = currentAccount(request);
      return describeSecret(newTotpSecret(), user.email, await platformName(ctx, request));
    },

    setupTwoFactor: async ({ body }, request) => {
      const { session, user } = currentAccount(request);
      const confirmed = session.confirmedAt && nowMs() - session.confirmedAt.getTime() < CONFIRMATION_WINDOW_MS;
      if (!confirmed) {
        throw new AppError(403, 'PASSWORD_CONFIRMATION_REQUIRED', 'Confirm your password first.');
      }
      const step = matchTotp(body.secret, body.one_time_password, clock.now());
      if (step === undefined) {
        throw new AppError(422, 'INVALID_ONE_TIME_PASSWORD', 'That code is not valid. Enter the current code.', [
          { path: 'body.one_time_password', message: 'That code is not valid. Enter the current code.' },
        ]);
      }
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: body.secret, totpEnabledAt: clock.now(), totpLastStep: step, updatedAt: clock.now() })
          .where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx
          .insert(recoveryCodes)
          .values(codes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(code) })));
        await recordAudit(tx, request, { target: `user:${user.id}` });
      });
      return { recoveryCodes: codes };
    },

    getCaptchaChallenge: () => ctx.captcha.challenge(),
  };
}
