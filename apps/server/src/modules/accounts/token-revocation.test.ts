import { randomUUID } from 'node:crypto';
import { DEVICE_CODE_GRANT } from '@wharf/contract';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, STRONG_PASSWORD, TestBrowser, USER_API } from '../../test/accounts.js';
import { testRedisUrl } from '../../test/redis.js';
import { LiveSessions, LIVE_SESSION_TTL_MS } from './live-sessions.js';
import { sessions } from './schema.js';
import { signingKey } from '../../core/security/tokens.js';

const NEW_PASSWORD = 'lighthouse-keeper-93-tide';

async function mintToken(browser: TestBrowser): Promise<string> {
  const res = await browser.post(`${USER_API}/token`);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const bearer = (t: TestApp, method: 'POST' | 'GET', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const verify = (t: TestApp, token: string) => bearer(t, 'POST', '/v1/auth/token/verify', token);
const mintCode = (t: TestApp, token: string) => bearer(t, 'POST', '/v1/auth/code', token);

describe('a bearer token dies with the session it was minted from', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logout: the token no longer reads /v1 nor mints a code', async () => {
    await createUser(t, 'logout@example.com');
    const browser = await signInAs(t, 'logout@example.com');
    const token = await mintToken(browser);
    expect((await verify(t, token)).statusCode).toBe(200);
    expect((await browser.post(`${USER_API}/logout`)).statusCode).toBe(204);
    expect((await verify(t, token)).statusCode).toBe(401);
    expect((await bearer(t, 'GET', '/v1/projects', token)).statusCode).toBe(401);
    expect((await mintCode(t, token)).statusCode).toBe(401);
  });

  it('logout: a code minted before it no longer opens a session', async () => {
    await createUser(t, 'code@example.com');
    const browser = await signInAs(t, 'code@example.com');
    const code = (await mintCode(t, await mintToken(browser))).json().code as string;
    await browser.post(`${USER_API}/logout`);
    const other = new TestBrowser(t.app);
    const exchanged = await other.post('/v1/auth/token', { type: 'authorization_code', code });
    expect(exchanged.json().code).toBe('invalid_grant');
    expect((await other.get(USER_API)).statusCode).toBe(401);
  });

  it('a password change ends the other sessions’ tokens, not its own', async () => {
    await createUser(t, 'change@example.com');
    const stolen = await signInAs(t, 'change@example.com');
    const owner = await signInAs(t, 'change@example.com');
    const stolenToken = await mintToken(stolen);
    const ownToken = await mintToken(owner);
    expect((await verify(t, stolenToken)).statusCode).toBe(200);
    const changed = await owner.request('PATCH', `${USER_API}/change-password`, {
      current_password: STRONG_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);
    expect((await verify(t, stolenToken)).statusCode).toBe(401);
    expect((await mintCode(t, stolenToken)).statusCode).toBe(401);
    expect((await verify(t, ownToken)).statusCode).toBe(200);
  });

  it('signing in again in the same browser ends the old session’s tokens', async () => {
    await createUser(t, 'again@example.com');
    const browser = await signInAs(t, 'again@example.com');
    const old = await mintToken(browser);
    await browser.post(`${USER_API}/login`, { email: 'again@example.com', password: STRONG_PASSWORD });
    expect((await verify(t, old)).statusCode).toBe(401);
    expect((await verify(t, await mintToken(browser))).statusCode).toBe(200);
  });

  it('refuses a correctly signed token that names no session', async () => {
    const user = await createUser(t, 'nosid@example.com');
    const key = await signingKey(t.database.db);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(t.config.PUBLIC_URL)
      .setAudience('wharf')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti(randomUUID())
      .sign(await importJWK(key.privateJwk, 'EdDSA'));
    expect((await verify(t, token)).statusCode).toBe(401);
  });
});

describe('device-flow tokens follow their grant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'device@example.com');
  });
  afterAll(() => t.close());

  async function approvedDevice(token: string) {
    const start = (await t.app.inject({ method: 'POST', url: '/v1/auth/device/code', payload: {} })).json();
    const approved = await bearer(t, 'POST', '/v1/auth/device/authorize', token, {
      user_code: start.user_code,
      approve: true,
    });
    expect(approved.statusCode).toBe(204);
    return start.device_code as string;
  }
  const poll = (deviceCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { type: DEVICE_CODE_GRANT, device_code: deviceCode },
    });

  it('a device token is a session of its own, which a password change ends', async () => {
    const browser = await signInAs(t, 'device@example.com');
    const deviceCode = await approvedDevice(await mintToken(browser));
    const done = await poll(deviceCode);
    expect(done.statusCode).toBe(200);
    const deviceToken = done.json().token as string;
    expect((await verify(t, deviceToken)).statusCode).toBe(200);
    await browser.request('PATCH', `${USER_API}/change-password`, {
      current_password: STRONG_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect((await verify(t, deviceToken)).statusCode).toBe(401);
    expect((await mintCode(t, deviceToken)).statusCode).toBe(401);
  });

  it('an approved grant not yet claimed is void after the approver signs out', async () => {
    const browser = await signInAs(t, 'device@example.com', NEW_PASSWORD);
    const deviceCode = await approvedDevice(await mintToken(browser));
    await browser.post(`${USER_API}/logout`);
    expect((await poll(deviceCode)).json().code).toBe('access_denied');
  });
});

describe('revocation reaches every server process (shared Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const shared = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `wharf-test:${randomUUID()}:` };
    one = await createTestApp({ config: shared });
    two = await createTestApp({ config: shared, database: one.database });
    await createUser(one, 'two-servers@example.com');
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('a logout on one process refuses the token on the other well within its cache time', async () => {
    const browser = await signInAs(one, 'two-servers@example.com');
    const token = await mintToken(browser);
    // The second process has now cached the session as live.
    expect((await verify(two, token)).statusCode).toBe(200);
    expect((await verify(two, token)).statusCode).toBe(200);
    const loggedOutAt = performance.now();
    await browser.post(`${USER_API}/logout`);
    await vi.waitFor(
      async () => {
        expect((await verify(two, token)).statusCode).toBe(401);
      },
      { timeout: LIVE_SESSION_TTL_MS, interval: 10 },
    );
    // Told over pub/sub, not by waiting out the cache.
    expect(performance.now() - loggedOutAt).toBeLessThan(LIVE_SESSION_TTL_MS / 2);
    expect((await mintCode(two, token)).statusCode).toBe(401);
  });
});

describe('the session liveness cache', () => {
  it('asks again after its TTL, so a session ended without a message is refused within it', async () => {
    let now = 0;
    let live = true;
    const lookups: string[] = [];
    const cache = new LiveSessions(
      async (id) => {
        lookups.push(id);
        return live;
      },
      undefined,
      () => now,
    );
    expect(await cache.isLive('s1')).toBe(true);
    live = false;
    expect(await cache.isLive('s1')).toBe(true);
    expect(lookups).toHaveLength(1);
    now += LIVE_SESSION_TTL_MS + 1;
    expect(await cache.isLive('s1')).toBe(false);
  });

  it('does not cache a database answer that a revocation overtook', async () => {
    let release!: () => void;
    const cache = new LiveSessions(
      () =>
        new Promise<boolean>((resolve) => {
          release = () => resolve(true);
        }),
    );
    const pending = cache.isLive('s2');
    cache.revoke(['s2']);
    release();
    expect(await pending).toBe(true);
    expect(await cache.isLive('s2')).toBe(false);
  });
});

describe('a session ended in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'gone@example.com');
  });
  afterAll(() => t.close());

  it('refuses its tokens once the cache time has passed', async () => {
    const browser = await signInAs(t, 'gone@example.com');
    const token = await mintToken(browser);
    expect((await verify(t, token)).statusCode).toBe(200);
    await t.database.db.delete(sessions);
    await new Promise((resolve) => setTimeout(resolve, LIVE_SESSION_TTL_MS + 50));
    expect((await verify(t, token)).statusCode).toBe(401);
  });
});
