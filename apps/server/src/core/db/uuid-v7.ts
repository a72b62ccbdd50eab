import { randomBytes } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then random bits. Ids made
 * together sort together, so a bulk insert (a CSV import of a million subscribers) adds to its
 * indexes at their right-hand edge instead of at random pages — the random v4 ids of `defaultRandom`
 * made each index's insert touch a page of its own once the table outgrew the buffer cache.
 */
export function uuidV7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
