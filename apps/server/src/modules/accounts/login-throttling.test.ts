import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, solveCaptcha, STRONG_PASSWORD, USER_API } from '../../test/accounts.js';
import { testRedisUrl } from '../../test/redis.js';
import { ADDRESS_CAPTCHA_AFTER_FAILURES, ADDRESS_FREE_FAILURES } from './handlers.js';

const captchaConfig = { CAPTCHA_MAX_NUMBER: '2000' };
const CSRF = 'throttling-test-csrf';

/** A sign-in from a given address (a browser with its CSRF cookie). */
async function login(t: TestApp, ip: string, email: string, password: string, captcha = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${USER_API}/login`,
    remoteAddress: ip,
    headers: { cookie: `wharf-XSRF-TOKEN=${CSRF}`, 'x-csrf-token': CSRF },
    payload: { email, password, ...(captcha ? { 'g-recaptcha-response': await solveCaptcha(t.app) } : {}) },
  });
  return {
    status: res.statusCode,
    code: res.json()?.code as string | undefined,
    message: res.json()?.message as string | undefined,
    retryAfter: res.headers['retry-after'],
  };
}

describe('sign-in throttling per account and per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: captchaConfig });
    await createUser(t, 'victim@example.com');
    await createUser(t, 'bystander@example.com');
  });
  afterAll(() => t.close());

  it('a burst of wrong passwords locks the account, not a bystander on the same address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login(t, '10.1.0.1', 'victim@example.com', 'wrong-password', i >= 3)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password for another account from the same address gets in.
    expect((await login(t, '10.1.0.1', 'bystander@example.com', STRONG_PASSWORD)).status).toBe(200);
    // The locked account waits, whichever address it is tried from, even with the right password.
    expect((await login(t, '10.1.0.2', 'victim@example.com', STRONG_PASSWORD, true)).status).toBe(429);
  });

  it('the request limit counts an address and an account together: a burst on one account spares a bystander', async () => {
    await createUser(t, 'burst-victim@example.com');
    await createUser(t, 'burst-bystander@example.com');
    const ip = '10.1.1.1';
    const last = { status: 0, message: '' as string | undefined };
    for (let i = 0; i < 21; i++) Object.assign(last, await login(t, ip, 'burst-victim@example.com', 'wrong', true));
    // The 21st request in the minute is over the route's request limit (not only the account's wait).
    expect(last).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many requests/) });
    // Before, the limit counted the address alone and refused this right password too.
    expect((await login(t, ip, 'burst-bystander@example.com', STRONG_PASSWORD, true)).status).toBe(200);
  });
});

describe('sign-in failures add up across server processes sharing Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const shared = { ...captchaConfig, REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `wharf-test:${randomUUID()}:` };
    one = await createTestApp({ config: shared });
    two = await createTestApp({ config: shared, database: one.database });
    for (const name of ['target', 'near', 'neighbour', 'sprayed']) await createUser(one, `${name}@example.com`);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('per account: failures on either process count toward the captcha and the lock', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(one, '10.2.0.1', 'target@example.com', 'nope-nope')).status).toBe(401);
    // Three failures on the first process: the second asks for a captcha.
    expect((await login(two, '10.2.0.2', 'target@example.com', 'nope-nope')).code).toBe('CAPTCHA_REQUIRED');
    expect((await login(two, '10.2.0.2', 'target@example.com', 'nope-nope', true)).status).toBe(401);
    expect((await login(one, '10.2.0.3', 'target@example.com', 'nope-nope', true)).status).toBe(401);
    const locked = await login(two, '10.2.0.4', 'target@example.com', STRONG_PASSWORD, true);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
  });

  it('per address: a captcha for everyone after many failures, a wait only for accounts that failed', async () => {
    const ip = '10.3.0.1';
    // Spraying one wrong password over many accounts, split between the two processes.
    for (let i = 0; i < ADDRESS_CAPTCHA_AFTER_FAILURES; i++) {
      expect((await login(i % 2 ? one : two, ip, `nobody${i}@example.com`, 'Winter2026!')).status).toBe(401);
    }
    expect((await login(one, ip, 'near@example.com', STRONG_PASSWORD)).code).toBe('CAPTCHA_REQUIRED');
    expect((await login(one, ip, 'near@example.com', STRONG_PASSWORD, true)).status).toBe(200);
    for (let i = ADDRESS_CAPTCHA_AFTER_FAILURES; i < ADDRESS_FREE_FAILURES; i++) {
      expect((await login(i % 2 ? one : two, ip, `nobody${i}@example.com`, 'Winter2026!', true)).status).toBe(401);
    }
    // The address now waits: one more guess for an account makes that account wait from here...
    expect((await login(two, ip, 'sprayed@example.com', 'Winter2026!', true)).status).toBe(401);
    expect((await login(one, ip, 'sprayed@example.com', STRONG_PASSWORD, true)).status).toBe(429);
    // ...while an account with no failures of its own still signs in with the right password.
    expect((await login(two, ip, 'neighbour@example.com', STRONG_PASSWORD, true)).status).toBe(200);
  });

  it('the request limit is shared: requests on either process count toward one window', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 20; i++) await login(i % 2 ? one : two, ip, 'counted@example.com', 'wrong');
    // Each process alone has seen ten; together they are at the limit of twenty a minute.
    expect(await login(one, ip, 'counted@example.com', 'wrong')).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many requests/),
    });
  });
});
