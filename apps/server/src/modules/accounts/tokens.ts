import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret for a one-time link. 32 bytes: unguessable. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked table does not leak working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
