import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import type { FailureTracker } from '../../core/security/attempts.js';
import { SESSION_COOKIE, sessionCookieOptions, type CookiePolicy } from '../../core/security/cookies.js';
import type { TokenService } from '../../core/security/tokens.js';
import type { CaptchaVerifier } from '../captcha/service.js';
import type { MailService } from '../mail/service.js';
import type { PlatformService } from '../platform/service.js';
import type { SessionRow, SessionStore, UserRow } from './sessions.js';

/** Everything the account and auth handlers work with. */
export interface AccountContext {
  db: Database;
  clock: Clock;
  sessions: SessionStore;
  tokens: TokenService;
  mail: MailService;
  captcha: CaptchaVerifier;
  failures: FailureTracker;
  platform: PlatformService;
  publicUrl: string;
  cookies: CookiePolicy;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session behind this request, when it has one. */
    account: { session: SessionRow; user: UserRow } | null;
  }
}

/** The signed-in session of a `session` operation (the access hook has already required it). */
export function currentAccount(request: FastifyRequest): { session: SessionRow; user: UserRow } {
  if (!request.account) throw new Error('A session operation ran without a session');
  return request.account;
}

export function link(ctx: AccountContext, path: string, query: Record<string, string>): string {
  const url = new URL(path, ctx.publicUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

export async function platformName(ctx: AccountContext, request: FastifyRequest): Promise<string> {
  return (await ctx.platform.resolve({ host: request.hostname })).name;
}

export function requestMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * A new session for this browser, inside the caller's transaction: a new id every time, replacing
 * any session the browser had. Give the answer to `setSessionCookie` once the transaction commits.
 */
export async function openSession(ctx: AccountContext, tx: Executor, request: FastifyRequest, userId: string) {
  const old = request.cookies[SESSION_COOKIE];
  const replaced = old ? await ctx.sessions.deleteByToken(tx, old) : undefined;
  return { ...(await ctx.sessions.create(tx, userId, requestMeta(request))), replaced: replaced?.id };
}

/** After the commit: the cookie of the new session; tokens of the session it replaced stop working. */
export function setSessionCookie(
  ctx: AccountContext,
  reply: FastifyReply,
  session: { token: string; replaced?: string | undefined },
): void {
  if (session.replaced) ctx.sessions.revoke([session.replaced]);
  reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(ctx.cookies, ctx.sessions.ttlSeconds));
}

export function clearSessionCookie(ctx: AccountContext, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(ctx.cookies, 0));
}
