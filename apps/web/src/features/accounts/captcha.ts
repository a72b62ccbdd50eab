import type { WharfClient } from '@wharf/client';

/** An ALTCHA proof-of-work challenge, as `GET /omnis/v3/captcha` answers it. */
export interface PowChallenge {
  kind: 'pow';
  algorithm: string;
  challenge: string;
  maxnumber?: number | undefined;
  salt: string;
  signature: string;
}

/** ALTCHA's default upper bound when the challenge does not say. */
export const DEFAULT_MAX_NUMBER = 1_000_000;

/** Digests computed together before yielding back to the page (keeps typing responsive). */
const BATCH = 500;

const ALGORITHMS: Record<string, string> = { 'SHA-1': 'SHA-1', 'SHA-256': 'SHA-256', 'SHA-512': 'SHA-512' };

export class CaptchaUnsupportedError extends Error {
  override readonly name = 'CaptchaUnsupportedError';
}

export class CaptchaUnsolvedError extends Error {
  override readonly name = 'CaptchaUnsolvedError';
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SolveOptions {
  signal?: AbortSignal;
  /** Called with the share of the search space tried so far (0..1). */
  onProgress?: (share: number) => void;
}

/**
 * The number n in 0..maxnumber with hex(digest(salt + n)) === challenge, by trying each in turn
 * with WebCrypto (the work the challenge asks of a browser before it may create accounts).
 */
export async function solvePow(challenge: PowChallenge, options: SolveOptions = {}): Promise<number> {
  const algorithm = ALGORITHMS[challenge.algorithm.toUpperCase()];
  if (!algorithm) throw new CaptchaUnsupportedError(`Unsupported captcha algorithm ${challenge.algorithm}.`);
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  const target = challenge.challenge.toLowerCase();
  const encoder = new TextEncoder();
  for (let start = 0; start <= max; start += BATCH) {
    options.signal?.throwIfAborted();
    const end = Math.min(max, start + BATCH - 1);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const digests = await Promise.all(
      numbers.map((n) => crypto.subtle.digest(algorithm, encoder.encode(`${challenge.salt}${n}`))),
    );
    const found = digests.findIndex((digest) => toHex(digest) === target);
    if (found >= 0) return start + found;
    options.onProgress?.(Math.min(1, (end + 1) / (max + 1)));
  }
  throw new CaptchaUnsolvedError('The captcha challenge has no solution.');
}

/** What the forms send as `g-recaptcha-response`: base64 of ALTCHA's JSON payload. */
export function encodePowSolution(challenge: PowChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}

/** Fetches a challenge and solves it; reCAPTCHA is configured on some servers but not built yet. */
export async function solveCaptcha(client: WharfClient, options: SolveOptions = {}): Promise<string> {
  const challenge = await client.getCaptchaChallenge({}, options.signal ? { signal: options.signal } : {});
  if (challenge.kind !== 'pow') {
    throw new CaptchaUnsupportedError('reCAPTCHA is configured but not supported offline.');
  }
  const number = await solvePow(challenge, options);
  return encodePowSolution(challenge, number);
}
