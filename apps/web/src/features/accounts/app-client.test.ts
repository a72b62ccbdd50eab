import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, user } from '../../test/fake-api';
import { createAppClient, needsBearer } from './app-client';
import { retryAfterSeconds } from './rate-limit';

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(clearCookies);

describe('the app client', () => {
  it('sends the CSRF cookie back as X-CSRF-TOKEN on account writes, with the session cookie', async () => {
    document.cookie = 'wharf-XSRF-TOKEN=csrf%2Fvalue';
    const api = fakeApi({ routes: { 'POST /omnis/v3/dashboard/user/logout': new Response(null, { status: 204 }) } });
    const spy = vi.fn(api.fetch);
    const client = createAppClient({ fetch: spy, getToken: async () => 'unused' });
    await client.logout();
    const [call] = api.callsTo('POST /omnis/v3/dashboard/user/logout');
    expect(call?.headers.get('x-csrf-token')).toBe('csrf/value');
    expect(call?.headers.get('authorization')).toBeNull();
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('asks for the cookie first when a write comes before any answer set it', async () => {
    const api = fakeApi({
      routes: {
        'GET /omnis/v3/dashboard/user': () => {
          document.cookie = 'wharf-XSRF-TOKEN=fresh';
          return apiError(401, 'UNAUTHENTICATED', 'Sign in first.');
        },
        'POST /omnis/v3/dashboard/user/login': () => json(200, user),
      },
    });
    const client = createAppClient({ fetch: api.fetch, getToken: async () => 'unused' });
    await client.login({ loginRequest: { email: user.email, password: 'pw' } });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /omnis/v3/dashboard/user',
      'POST /omnis/v3/dashboard/user/login',
    ]);
    expect(api.callsTo('POST /omnis/v3/dashboard/user/login')[0]?.headers.get('x-csrf-token')).toBe('fresh');
  });

  it('sends the bearer token on service calls, and never on account calls', async () => {
    document.cookie = 'wharf-XSRF-TOKEN=c';
    const getToken = vi.fn(async () => 'jwt-1');
    const api = fakeApi({
      routes: {
        'POST /v1/auth/device/authorize': new Response(null, { status: 204 }),
        'GET /omnis/v3/dashboard/user': json(200, user),
      },
    });
    const client = createAppClient({ fetch: api.fetch, getToken });
    await client.authorizeDevice({ deviceAuthorizeRequest: { user_code: 'ABCD-EFGH', approve: true } });
    await client.getUser();
    expect(api.callsTo('POST /v1/auth/device/authorize')[0]?.headers.get('authorization')).toBe('Bearer jwt-1');
    expect(api.callsTo('GET /omnis/v3/dashboard/user')[0]?.headers.get('authorization')).toBeNull();
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('does not mint a token for the public service calls of signed-out visitors', async () => {
    expect(needsBearer('/v1/auth/token')).toBe(false);
    expect(needsBearer('/v1/auth/device/code')).toBe(false);
    expect(needsBearer('/v1/auth/device/authorize')).toBe(true);
    expect(needsBearer('/v1/projects')).toBe(true);
    expect(needsBearer('/omnis/v3/dashboard/user/token')).toBe(false);

    const getToken = vi.fn(async () => 'jwt');
    const api = fakeApi({ routes: { 'POST /v1/auth/token': json(200, { token: 'new' }) } });
    const client = createAppClient({ fetch: api.fetch, getToken });
    await client.exchangeToken({ tokenRequest: { type: 'authorization_code', code: 'abc' } });
    expect(getToken).not.toHaveBeenCalled();
  });

  it("notes a 429's Retry-After for the form to show", async () => {
    document.cookie = 'wharf-XSRF-TOKEN=c';
    const api = fakeApi({
      routes: {
        'POST /omnis/v3/dashboard/user/login': new Response(
          JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Too many attempts.' }),
          { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' } },
        ),
      },
    });
    const client = createAppClient({ fetch: api.fetch, getToken: async () => '' });
    await expect(client.login({ loginRequest: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts.',
    });
    expect(retryAfterSeconds('/omnis/v3/dashboard/user/login')).toBe(42);
  });
});
