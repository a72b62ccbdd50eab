import { createHash } from 'node:crypto';

/**
 * The one-way form of an address kept on the suppression list: SHA-256 of the trimmed, lower-cased
 * address, hex. Deleting a subscriber keeps only this, so the address itself is gone (decision 038).
 */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
