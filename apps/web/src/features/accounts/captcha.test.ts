import type { WharfClient } from '@wharf/client';
import { describe, expect, it, vi } from 'vitest';
import {
  CaptchaUnsolvedError,
  CaptchaUnsupportedError,
  encodePowSolution,
  solveCaptcha,
  solvePow,
  type PowChallenge,
} from './captcha';

/** Node's own crypto (not WebCrypto, which the solver uses), so the test checks the solver against another SHA-256. */
interface NodeCrypto {
  createHash(algorithm: string): { update(data: string): { digest(encoding: 'hex'): string } };
  createHmac(algorithm: string, key: string): { update(data: string): { digest(encoding: 'hex'): string } };
  randomBytes(size: number): { toString(encoding: 'hex'): string };
}
const nodeCrypto = (await import(/* @vite-ignore */ `node:${'crypto'}`)) as NodeCrypto;

/** An ALTCHA challenge as the server makes one: the digest of salt + secret number, HMAC-signed. */
function makeChallenge(number: number, maxnumber = 20_000): PowChallenge {
  const salt = `${nodeCrypto.randomBytes(12).toString('hex')}?expires=1893456000`;
  const challenge = nodeCrypto.createHash('sha256').update(`${salt}${number}`).digest('hex');
  const signature = nodeCrypto.createHmac('sha256', 'server-secret').update(challenge).digest('hex');
  return { kind: 'pow', algorithm: 'SHA-256', challenge, maxnumber, salt, signature };
}

describe('solvePow', () => {
  it('finds the number the server hid', async () => {
    const challenge = makeChallenge(12_345);
    await expect(solvePow(challenge)).resolves.toBe(12_345);
  });

  it('finds 0 and maxnumber itself', async () => {
    await expect(solvePow(makeChallenge(0, 1000))).resolves.toBe(0);
    await expect(solvePow(makeChallenge(1000, 1000))).resolves.toBe(1000);
  });

  it('reports progress while it searches', async () => {
    const onProgress = vi.fn();
    await solvePow(makeChallenge(1800, 2000), { onProgress });
    expect(onProgress).toHaveBeenCalled();
    const shares = onProgress.mock.calls.map(([share]) => share as number);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBeLessThan(1);
  });

  it('fails when the number is out of range', async () => {
    await expect(solvePow(makeChallenge(5000, 999))).rejects.toBeInstanceOf(CaptchaUnsolvedError);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solvePow(makeChallenge(10), { signal: controller.signal })).rejects.toThrow();
  });

  it('refuses an algorithm it does not know', async () => {
    await expect(solvePow({ ...makeChallenge(1), algorithm: 'MD5' })).rejects.toBeInstanceOf(CaptchaUnsupportedError);
  });
});

describe('encodePowSolution', () => {
  it("is base64 of ALTCHA's JSON payload", () => {
    const challenge = makeChallenge(42);
    const decoded = JSON.parse(atob(encodePowSolution(challenge, 42))) as unknown;
    expect(decoded).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 42,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });
});

describe('solveCaptcha', () => {
  it('fetches a challenge and answers its encoded solution', async () => {
    const challenge = makeChallenge(777, 5000);
    const client = { getCaptchaChallenge: vi.fn(async () => challenge) } as unknown as WharfClient;
    const solution = await solveCaptcha(client);
    expect(JSON.parse(atob(solution))).toMatchObject({ number: 777, signature: challenge.signature });
  });

  it('says plainly that reCAPTCHA is not supported offline', async () => {
    const client = {
      getCaptchaChallenge: vi.fn(async () => ({ kind: 'recaptcha', siteKey: 'site-key' })),
    } as unknown as WharfClient;
    await expect(solveCaptcha(client)).rejects.toThrow(
      new CaptchaUnsupportedError('reCAPTCHA is configured but not supported offline.'),
    );
  });
});
