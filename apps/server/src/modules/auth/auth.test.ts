import { DEVICE_CODE_GRANT } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, createTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, solveCaptcha, TestBrowser, USER_API } from '../../test/accounts.js';
import { makeAdmin } from '../accounts/testing.js';
import { bearerUser, createProjectAs } from '../../test/projects.js';

async function bearerFor(t: TestApp, email: string) {
  const browser = await signInAs(t, email);
  return (await browser.post(`${USER_API}/token`)).json().token as string;
}

describe('device authorization (RFC 8628)', () => {
  let t: TestApp;
  let bearer: string;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'owner@example.com');
    bearer = await bearerFor(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  const startDevice = async () =>
    (await t.app.inject({ method: 'POST', url: '/v1/auth/device/code', payload: {} })).json();
  const poll = (deviceCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      payload: { type: DEVICE_CODE_GRANT, device_code: deviceCode },
    });
  const authorize = (userCode: string, approve: boolean, token = bearer) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/device/authorize',
      headers: { authorization: `Bearer ${token}` },
      payload: { user_code: userCode, approve },
    });

  it('gives a device code, a short user code, the verification address and the interval', async () => {
    const start = await startDevice();
    expect(start.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(start.verification_uri).toBe('http://localhost:3000/device');
    expect(start.verification_uri_complete).toBe(`http://localhost:3000/device?user_code=${start.user_code}`);
    expect(start).toMatchObject({ expires_in: 600, interval: 5 });
    expect(start.device_code.length).toBeGreaterThan(30);
  });

  it('pending, slow_down, then the token once the user approves; the token works and the code is spent', async () => {
    const start = await startDevice();
    expect((await poll(start.device_code)).json().code).toBe('authorization_pending');
    expect((await poll(start.device_code)).json().code).toBe('slow_down');
    expect((await authorize(start.user_code.toLowerCase().replace('-', ''), true)).statusCode).toBe(204);
    t.clock.advance(11_000);
    const done = await poll(start.device_code);
    expect(done.statusCode).toBe(200);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token/verify',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(verify.statusCode).toBe(200);
    t.clock.advance(11_000);
    expect((await poll(start.device_code)).json().code).toBe('invalid_grant');
  });

  it('access_denied when the user denies, expired_token after ten minutes', async () => {
    const denied = await startDevice();
    await authorize(denied.user_code, false);
    expect((await poll(denied.device_code)).json().code).toBe('access_denied');
    const late = await startDevice();
    t.clock.advance(601_000);
    expect((await poll(late.device_code)).json().code).toBe('expired_token');
    expect((await authorize(late.user_code, true, await bearerFor(t, 'owner@example.com'))).json().code).toBe(
      'DEVICE_CODE_EXPIRED',
    );
  });

  it('needs a signed-in user to approve, and a real code', async () => {
    const start = await startDevice();
    expect((await authorize(start.user_code, true, 'nonsense')).statusCode).toBe(401);
    expect((await authorize('BBBB-BBBB', true, await bearerFor(t, 'owner@example.com'))).statusCode).toBe(404);
  });
});

describe('one-time authorization codes (/auth/{code})', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'handoff@example.com');
  });
  afterAll(() => t.close());

  it('signs another browser in once, within 60 seconds', async () => {
    const bearer = await bearerFor(t, 'handoff@example.com');
    const mint = () =>
      t.app.inject({ method: 'POST', url: '/v1/auth/code', headers: { authorization: `Bearer ${bearer}` } });
    const { code, expiresIn } = (await mint()).json();
    expect(expiresIn).toBe(60);
    const other = new TestBrowser(t.app);
    const exchanged = await other.post('/v1/auth/token', { type: 'authorization_code', code });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().token).toMatch(/^ey/);
    expect((await other.get(USER_API)).json().email).toBe('handoff@example.com');
    expect((await other.post('/v1/auth/token', { type: 'authorization_code', code })).json().code).toBe(
      'invalid_grant',
    );

    const late = (await mint()).json().code;
    t.clock.advance(61_000);
    expect((await other.post('/v1/auth/token', { type: 'authorization_code', code: late })).statusCode).toBe(400);
  });
});

describe('token verification for a project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createStartedTestApp();
  });
  afterAll(() => t.close());

  it('is valid only for a project the user is a member of', async () => {
    const owner = await bearerUser(t, 'member@example.com');
    const outsider = await bearerUser(t, 'outsider@example.com');
    const project = await createProjectAs(owner);
    const verify = (who: typeof owner, query: string) => who.call('POST', `/v1/auth/token/verify${query}`);
    expect((await verify(owner, `?project=${project.id}`)).json()).toMatchObject({ valid: true });
    expect((await verify(outsider, '')).statusCode).toBe(200);
    const refused = await verify(outsider, `?project=${project.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await verify(owner, `?project=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).statusCode).toBe(403);
  });
});

describe('the mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createStartedTestApp({ config: { CAPTCHA_MAX_NUMBER: '2000' } });
    await createUser(t, 'reader@example.com');
    await createUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { email: 'boss@example.com' });
  });
  afterAll(() => t.close());

  it('is readable by platform admins only, newest first, paged', async () => {
    const browser = new TestBrowser(t.app);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await browser.post(`${USER_API}/forgot-password`, {
        email: 'reader@example.com',
        'g-recaptcha-response': await solveCaptcha(t.app),
      });
    }
    const list = (bearer: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/v1/admin/mail/outbox?to=reader@example.com${query}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    expect((await list(await bearerFor(t, 'reader@example.com'))).statusCode).toBe(403);
    const admin = await bearerFor(t, 'boss@example.com');
    const first = (await list(admin, '&pageSize=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].subject).toBe('Reset your Wharf password');
    expect(Date.parse(first.items[0].createdAt)).toBeGreaterThan(Date.parse(first.items[1].createdAt));
    const second = (await list(admin, `&pageSize=2&pageToken=${first.nextPageToken}`)).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextPageToken).toBeNull();
    expect((await list(admin, '&pageToken=garbage')).json().code).toBe('INVALID_PAGE_TOKEN');
  });

  it('refuses an expired captcha challenge', async () => {
    const solution = await solveCaptcha(t.app);
    t.clock.advance(11 * 60 * 1000);
    const res = await new TestBrowser(t.app).post(`${USER_API}/forgot-password`, {
      email: 'reader@example.com',
      'g-recaptcha-response': solution,
    });
    expect(res.json().code).toBe('CAPTCHA_INVALID');
  });
});
