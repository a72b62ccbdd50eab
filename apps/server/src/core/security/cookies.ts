import type {} from '@fastify/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** SPEC.md section 9: cookie `{product}-XSRF-TOKEN`, header `X-CSRF-TOKEN`. */
export const PRODUCT = 'wharf';
export const CSRF_COOKIE = `${PRODUCT}-XSRF-TOKEN`;
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = `${PRODUCT}_session`;

const ACCOUNT_API = '/omnis/v3/dashboard/user';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CookiePolicy {
  secure: boolean;
}

export function sessionCookieOptions(policy: CookiePolicy, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: policy.secure, maxAge: maxAgeSeconds };
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * State-changing calls that a session cookie authorises must repeat the CSRF cookie in the header:
 * the account API, and any other operation whose access is the session (signing the terms).
 */
export function needsCsrfCheck(method: string, path: string, sessionAccess = false): boolean {
  if (SAFE_METHODS.has(method)) return false;
  return sessionAccess || path === ACCOUNT_API || path.startsWith(`${ACCOUNT_API}/`);
}

export function csrfMismatch(): AppError {
  return new AppError(419, 'CSRF_TOKEN_MISMATCH', 'Your session has expired. Reload the page and try again.');
}

/** The double-submit check: the readable cookie and the header must both be there and agree. */
export function checkCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) throw csrfMismatch();
}

/** Paths no browser page needs the CSRF cookie from: the service API, public look-ups, files, docs. */
const NO_CSRF_COOKIE = /^\/(v1|v2|omnis|assets|docs|brand)(\/|$)|^\/(healthz|openapi\.json|theme-init\.js)$/;

/** Page loads and the account API: the only answers a browser takes the CSRF cookie from. */
export function givesCsrfCookie(path: string): boolean {
  return path === ACCOUNT_API || path.startsWith(`${ACCOUNT_API}/`) || !NO_CSRF_COOKIE.test(path);
}

/**
 * A browser without a CSRF cookie gets one with the page, or with its first account call (readable by
 * the page, so it can echo it). SameSite=Lax keeps other sites from sending it along. API calls, which
 * never need it, skip the work: it cost about a sixth of a cached call (docs/performance.md).
 */
export function registerCsrfCookie(app: FastifyInstance, policy: CookiePolicy): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!request.cookies[CSRF_COOKIE] && givesCsrfCookie(request.url.split('?')[0] ?? '/')) {
      const token = randomBytes(24).toString('base64url');
      // Visible to this request's own check too: a first write without the cookie still fails.
      void reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: policy.secure, httpOnly: false });
    }
    done();
  });
}
