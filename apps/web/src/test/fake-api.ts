import type { HealthStatus, Platform, User } from '@wharf/contract';
import { makeJwt } from './jwt';

export const platform: Platform = {
  id: '0b6f3c2e-4d1a-4f7e-9c55-7c1c2d7a1b10',
  name: 'Wharf',
  domains: ['localhost'],
  public: true,
  favicon: '/brand/favicon.svg',
  logos: [
    { url: '/brand/logo-desktop-light.svg', meta: { device: 'desktop', theme: 'light' } },
    { url: '/brand/logo-desktop-dark.svg', meta: { device: 'desktop', theme: 'dark' } },
    { url: '/brand/logo-mobile-light.svg', meta: { device: 'mobile', theme: 'light' } },
    { url: '/brand/logo-mobile-dark.svg', meta: { device: 'mobile', theme: 'dark' } },
  ],
};

export const healthy: HealthStatus = { status: 'ok', service: 'wharf', checks: { database: 'ok' } };

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const user: User = {
  id: '3c8e8f5e-1a3b-4d5c-9e7f-0a1b2c3d4e5f',
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  features: [],
  isAdmin: false,
  signedPlatformTermsLogs: [],
  emailVerified: true,
  twoFactorEnabled: false,
};

/** An error answer in the server's shape. */
export function apiError(
  status: number,
  code: string,
  message = code,
  errors?: { path: string; message: string }[],
): Response {
  return json(status, { code, message, ...(errors ? { errors } : {}) });
}

/** A request the fake API received. */
export interface FakeCall {
  method: string;
  /** Path and query, as requested. */
  url: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Answer = Response | Promise<Response> | ((call: FakeCall) => Response | Promise<Response>);

/**
 * A fetch that answers the console's calls: the platform and health by default, anything else
 * from `routes` keyed `METHOD /path` (no query), else 404. Every request is recorded; answers may
 * be promises the test resolves when it wants, or functions of the call.
 */
export function fakeApi(answers: { platform?: Answer; health?: Answer; routes?: Record<string, Answer> } = {}) {
  const requests: string[] = [];
  const calls: FakeCall[] = [];
  const answer = (a: Answer | undefined, call: FakeCall, fallback: () => Response): Promise<Response> => {
    if (a === undefined) return Promise.resolve(fallback());
    if (typeof a === 'function') return Promise.resolve(a(call));
    // A Response given once may answer many calls.
    return a instanceof Response ? Promise.resolve(a.clone()) : a;
  };
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: FakeCall = { method, url, path, headers: new Headers(init.headers), body };
    requests.push(url);
    calls.push(call);
    const route = answers.routes?.[`${method} ${path}`];
    if (route !== undefined) return answer(route, call, () => json(500, {}));
    if (url.startsWith('/omnis/v3/platform')) return answer(answers.platform, call, () => json(200, platform));
    if (url.startsWith('/healthz')) return answer(answers.health, call, () => json(200, healthy));
    return json(404, { code: 'NOT_FOUND', message: `No route for ${method} ${url}` });
  };
  /** The calls made to one `METHOD /path`. */
  const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);
  return { fetch, requests, calls, callsTo };
}

/** Routes of a signed-in session for `fakeApi({ routes: { ...signedIn(), … } })`. */
export function signedIn(who: User = user): Record<string, Answer> {
  return { 'GET /omnis/v3/dashboard/user': () => json(200, who) };
}

/** The token route, for service calls (`/v1/…`) made with the bearer token of `who`'s session. */
export function serviceToken(who: User = user): Record<string, Answer> {
  return {
    'POST /omnis/v3/dashboard/user/token': () => {
      const iat = Math.floor(Date.now() / 1000);
      return json(200, { token: makeJwt({ sub: who.id, iat, exp: iat + 300 }) });
    },
  };
}

/** A mail of the outbox (GET /v1/admin/mail/outbox), queued and unsent unless told otherwise. */
export interface FakeMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  sentAt: string | null;
}

export function mail(n: number, fields: Partial<FakeMail> = {}): FakeMail {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    to: 'ada@example.com',
    subject: `Mail ${n}`,
    text: `Body of mail ${n}.`,
    html: null,
    createdAt: new Date(Date.UTC(2026, 10, 21, 12, 0, 0) - n * 60_000).toISOString(),
    sentAt: null,
    ...fields,
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
