import type { CaptchaChallenge } from '@wharf/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';

/** What sign-up and password forms ask before doing costly or abusable work. */
export interface CaptchaVerifier {
  challenge(): Promise<CaptchaChallenge>;
  verify(response: string | undefined, remoteIp: string): Promise<boolean>;
}

const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 50_000;

/**
 * Self-hosted proof of work (ALTCHA): the browser finds a number whose SHA-256 with the salt
 * matches the challenge; the server checks the HMAC signature and the expiry. Works offline.
 * Each solution is accepted once.
 */
export class ProofOfWorkCaptcha implements CaptchaVerifier {
  private readonly used = new Map<string, number>();

  constructor(
    private readonly hmacKey: string,
    private readonly maxNumber: number,
    private readonly now: () => Date,
  ) {}

  async challenge(): Promise<CaptchaChallenge> {
    const c = await createChallenge({
      hmacKey: this.hmacKey,
      maxnumber: this.maxNumber,
      expires: new Date(this.now().getTime() + CHALLENGE_TTL_MS),
    });
    return {
      kind: 'pow',
      algorithm: c.algorithm,
      challenge: c.challenge,
      maxnumber: c.maxnumber,
      salt: c.salt,
      signature: c.signature,
    };
  }

  async verify(response: string | undefined): Promise<boolean> {
    if (!response) return false;
    const nowMs = this.now().getTime();
    try {
      // The library would judge expiry by the system clock; ours is injectable, so we judge it.
      if (!(await verifySolution(response, this.hmacKey, false))) return false;
      const expires = Number(extractParams(response).expires);
      if (!Number.isFinite(expires) || expires * 1000 < nowMs) return false;
    } catch {
      return false;
    }
    if (this.used.has(response)) return false;
    if (this.used.size >= MAX_REMEMBERED) {
      for (const [key, expiry] of this.used) if (expiry < nowMs) this.used.delete(key);
      if (this.used.size >= MAX_REMEMBERED) this.used.clear();
    }
    this.used.set(response, nowMs + CHALLENGE_TTL_MS);
    return true;
  }
}

/** Google reCAPTCHA, used when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are set. */
export class RecaptchaVerifier implements CaptchaVerifier {
  constructor(
    private readonly siteKey: string,
    private readonly secretKey: string,
  ) {}

  async challenge(): Promise<CaptchaChallenge> {
    return { kind: 'recaptcha', siteKey: this.siteKey };
  }

  async verify(response: string | undefined, remoteIp: string): Promise<boolean> {
    if (!response) return false;
    try {
      const answer = await fetch('https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        body: new URLSearchParams({ secret: this.secretKey, response, remoteip: remoteIp }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await answer.json()) as { success?: boolean };
      return body.success === true;
    } catch {
      // Unreachable verification service: refuse rather than let everything through.
      return false;
    }
  }
}
