import type { PowChallenge } from '../features/accounts/captcha';

/** A small proof-of-work challenge whose answer is `number` (the server's signature is opaque here). */
export async function powChallenge(number = 7, maxnumber = 50): Promise<PowChallenge> {
  const salt = 'test-salt?expires=1893456000';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}${number}`));
  const challenge = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return { kind: 'pow', algorithm: 'SHA-256', challenge, maxnumber, salt, signature: 'server-signature' };
}

/** What the forms send for a solved challenge, decoded. */
export function decodeSolution(value: unknown): unknown {
  return JSON.parse(atob(String(value)));
}
