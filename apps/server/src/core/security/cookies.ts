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

/** State-changing calls of the account API must repeat the CSRF cookie in the header. */
export function needsCsrfCheck(method: string, path: string): boolean {
  return !SAFE_METHODS.has(method) && (path === ACCOUNT_API || path.startsWith(`${ACCOUNT_API}/`));
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

/**
 * Every response to a browser that has no CSRF cookie yet gives it one (readable by the page, so it
 * can echo it). SameSite=Lax keeps other sites from sending it along with their requests.
 */
export function registerCsrfCookie(app: FastifyInstance, policy: CookiePolicy): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!request.cookies[CSRF_COOKIE]) {
      const token = randomBytes(24).toString('base64url');
      // Visible to this request's own check too: a first write without the cookie still fails.
      void reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: policy.secure, httpOnly: false });
    }
    done();
  });
}
