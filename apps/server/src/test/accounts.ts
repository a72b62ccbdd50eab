import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TOTP, Secret } from 'otpauth';
import { hashPassword } from '../core/security/passwords.js';
import { insertUser } from '../modules/accounts/testing.js';
import type { TestApp } from './app.js';

/**
 * A browser for HTTP tests: keeps cookies between calls and echoes the CSRF cookie in the header,
 * as the console does.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse): void {
    for (const cookie of res.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    // The page load is where a browser gets its CSRF cookie.
    if (!this.cookies.has('wharf-XSRF-TOKEN')) this.remember(await this.app.inject({ method: 'GET', url: '/' }));
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: this.cookieHeader(), 'x-csrf-token': this.cookies.get('wharf-XSRF-TOKEN') ?? '', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    this.remember(res);
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, payload?: unknown) {
    return this.request('POST', url, payload);
  }
}

export const USER_API = '/omnis/v3/dashboard/user';
export const STRONG_PASSWORD = 'harbour-lights-47-anchor';

/** A user straight in the database, with a password. */
export async function createUser(t: Pick<TestApp, 'database' | 'clock'>, email: string, password = STRONG_PASSWORD) {
  return insertUser(t.database.db, {
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: t.clock.now(),
  });
}

export async function signInAs(t: TestApp, email: string, password = STRONG_PASSWORD) {
  const browser = new TestBrowser(t.app);
  const res = await browser.post(`${USER_API}/login`, { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return browser;
}

/** What an authenticator app would show at `at`. */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
}

/** Solve a proof-of-work challenge the way the browser does. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/omnis/v3/captcha' })).json();
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: n,
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('captcha not solvable');
}

/** Turn two-factor authentication on for a user, through the account API as the console does. */
export async function enableTwoFactor(t: TestApp, email: string, password = STRONG_PASSWORD): Promise<void> {
  const browser = await signInAs(t, email, password);
  const { secret } = (await browser.get(`${USER_API}/2fa/secret`)).json();
  await browser.post(`${USER_API}/confirm-password`, { password });
  const res = await browser.post(`${USER_API}/2fa/setup`, {
    secret,
    one_time_password: totpCode(secret, t.clock.now()),
  });
  if (res.statusCode !== 200) throw new Error(`two-factor setup failed: ${res.body}`);
}
