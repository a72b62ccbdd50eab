import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed image addresses. A rendering of a private file, or of a public file beyond its original
 * (image-options.ts, isOriginal), is served only to an address carrying `expires` and `signature`:
 * the base64url HMAC-SHA256, under the server's secret, of the project, the file, the file's
 * version, the canonical options (canonicalImageOptions) and the expiry. So nobody can spend a
 * project's quota rendering sizes the project did not hand out, and an address stops working when
 * it expires, when its options are changed, or when the file is replaced (a new version).
 */

/** The key: the server's secret, never empty. */
export type ImageSigningSecret = string | Uint8Array;

export interface ImageSignatureSubject {
  secret: ImageSigningSecret;
  project: string;
  file: string;
  /** The stored version of the file: replacing the file's content changes it. */
  version: string | number;
  /** canonicalImageOptions of the normalised options. */
  options: string;
}

export interface SignedImageParams {
  /** Unix seconds: the address works before this second. */
  expires: number;
  /** base64url (no padding) HMAC-SHA256. */
  signature: string;
}

export type ImageSignatureCheck = 'valid' | 'expired' | 'invalid';

/** A digest in base64url is 43 characters; anything longer is refused before any hashing. */
const SIGNATURE_LENGTH = 43;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Names this use of the secret, so a MAC made for anything else never passes here. */
const PURPOSE = 'wharf.drive.image.v1';

function keyOf(secret: ImageSigningSecret): Buffer {
  const key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (key.length === 0) throw new Error('The image signing secret is empty.');
  return key;
}

/** The signed text: JSON of the fields in a fixed order, so no two subjects run together alike. */
function mac(subject: ImageSignatureSubject, expires: number): Buffer {
  const text = JSON.stringify([
    PURPOSE,
    subject.project,
    subject.file,
    String(subject.version),
    subject.options,
    expires,
  ]);
  return createHmac('sha256', keyOf(subject.secret)).update(text, 'utf8').digest();
}

const isExpiry = (expires: unknown): expires is number =>
  typeof expires === 'number' && Number.isSafeInteger(expires) && expires >= 0;

/** The `expires` and `signature` of an address that renders these options until `expiresAt`. */
export function signImageUrl(subject: ImageSignatureSubject & { expiresAt: Date }): SignedImageParams {
  const time = subject.expiresAt.getTime();
  if (!Number.isFinite(time)) throw new Error('The expiry of an image address is not a valid date.');
  const expires = Math.floor(time / 1000);
  if (!isExpiry(expires)) throw new Error('The expiry of an image address is before 1970.');
  return { expires, signature: mac(subject, expires).toString('base64url') };
}

/**
 * Whether an address's `expires` and `signature` were made here for exactly this project, file,
 * version and options: `invalid` when not (or when either is missing or malformed), `expired` when
 * they were but `now` is at or past the expiry, otherwise `valid`. The signature is compared in
 * constant time; nothing a caller sends makes this throw.
 */
export function verifyImageSignature(
  subject: ImageSignatureSubject & { expires: unknown; signature: unknown; now?: Date },
): ImageSignatureCheck {
  const { expires, signature } = subject;
  if (!isExpiry(expires) || typeof signature !== 'string') return 'invalid';
  if (signature.length !== SIGNATURE_LENGTH || !BASE64URL.test(signature)) return 'invalid';
  const given = Buffer.from(signature, 'base64url');
  // Only the one spelling this server writes: base64url's spare low bits would let variants pass.
  if (given.toString('base64url') !== signature) return 'invalid';
  const expected = mac(subject, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const nowSeconds = Math.floor((subject.now ?? new Date()).getTime() / 1000);
  if (!Number.isFinite(nowSeconds)) throw new Error('The time to check an image address at is not a valid date.');
  return nowSeconds >= expires ? 'expired' : 'valid';
}
