import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** How many of the most common passwords (ranked) are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing in particular, verified when the account does not exist so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The reason a password is refused beyond its length, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (lower === email.toLowerCase() || lower === local) return 'Your password must not be your email address.';
  return undefined;
}
