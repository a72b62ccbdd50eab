import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../../core/errors.js';

/*
 * The OAuth `state` of connecting a payment account. It travels through Stripe's consent page and
 * back through the browser, so it is a signed token, not a random value kept on the server: the
 * base64url JSON of {project, user, expires} and the base64url HMAC-SHA256 of it under the module's
 * secret (`secret('storefront-oauth-state')`), joined by a dot. Completing the connection accepts
 * it only for the project and person it was made for and within the hour, so a link made by someone
 * else (a forged callback, OAuth login CSRF) cannot link their Stripe account to this shop.
 */

/** How long a connection started may take to come back: Stripe's consent, and signing up there. */
export const AUTHORIZATION_STATE_TTL_MS = 60 * 60 * 1000;

/** A state this module makes is about 150 characters; anything much longer is refused before hashing. */
const MAX_STATE_LENGTH = 400;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Names this use of the secret, so a MAC made for anything else never passes here. */
const PURPOSE = 'wharf.storefront.oauth-state.v1';

export interface AuthorizationStateSubject {
  projectId: string;
  userId: string;
}

export const invalidAuthorizationState = () =>
  badRequest(
    'This connection link has expired or was not made for you. Start connecting again.',
    'INVALID_AUTHORIZATION_STATE',
  );

function keyOf(secret: string): Buffer {
  if (secret.length === 0) throw new Error('The OAuth state secret is empty.');
  return Buffer.from(secret, 'utf8');
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(`${PURPOSE}.${payload}`, 'utf8').digest();

/** A state for `subject`, good until an hour after `now`; answers its expiry too (the console shows it). */
export function signAuthorizationState(
  secret: string,
  subject: AuthorizationStateSubject,
  now: Date,
): { state: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + AUTHORIZATION_STATE_TTL_MS);
  // A fixed order of fields: the same subject always signs the same bytes.
  const payload = Buffer.from(
    JSON.stringify({ p: subject.projectId, u: subject.userId, e: expiresAt.getTime() }),
    'utf8',
  ).toString('base64url');
  return { state: `${payload}.${mac(secret, payload).toString('base64url')}`, expiresAt };
}

/**
 * Accepts `state` only when this server signed it, for exactly this project and person, and `now`
 * is before its expiry; throws the 400 INVALID_AUTHORIZATION_STATE otherwise. The signature is
 * compared in constant time, and nothing a caller sends makes this throw anything else.
 */
export function verifyAuthorizationState(
  secret: string,
  state: string,
  expected: AuthorizationStateSubject,
  now: Date,
): void {
  if (typeof state !== 'string' || state.length > MAX_STATE_LENGTH) throw invalidAuthorizationState();
  const [payload, signature, ...rest] = state.split('.');
  if (!payload || !signature || rest.length > 0) throw invalidAuthorizationState();
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) throw invalidAuthorizationState();
  const given = Buffer.from(signature, 'base64url');
  // Only the one spelling this server writes: base64url's spare low bits would let variants pass.
  if (given.toString('base64url') !== signature) throw invalidAuthorizationState();
  const wanted = mac(secret, payload);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalidAuthorizationState();
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidAuthorizationState();
  }
  const { p, u, e } = (fields ?? {}) as Record<string, unknown>;
  if (typeof p !== 'string' || typeof u !== 'string' || !UUID.test(p) || !UUID.test(u)) {
    throw invalidAuthorizationState();
  }
  if (typeof e !== 'number' || !Number.isSafeInteger(e)) throw invalidAuthorizationState();
  if (p.toLowerCase() !== expected.projectId.toLowerCase() || u.toLowerCase() !== expected.userId.toLowerCase()) {
    throw invalidAuthorizationState();
  }
  if (now.getTime() >= e) throw invalidAuthorizationState();
}
