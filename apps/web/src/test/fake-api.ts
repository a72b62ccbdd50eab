import type { HealthStatus, Platform } from '@wharf/contract';

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

type Answer = Response | Promise<Response> | (() => Response | Promise<Response>);

/**
 * A fetch that answers the console's start-up calls: the platform, and health. Every request is
 * recorded; answers may be promises the test resolves when it wants.
 */
export function fakeApi(answers: { platform?: Answer; health?: Answer } = {}) {
  const requests: string[] = [];
  const answer = (a: Answer | undefined, fallback: () => Response) =>
    Promise.resolve(a === undefined ? fallback() : typeof a === 'function' ? a() : a);
  const fetch: typeof globalThis.fetch = (input) => {
    const url = String(input);
    requests.push(url);
    if (url.startsWith('/omnis/v3/platform')) return answer(answers.platform, () => json(200, platform));
    if (url.startsWith('/healthz')) return answer(answers.health, () => json(200, healthy));
    return Promise.resolve(json(404, { code: 'NOT_FOUND', message: `No route for GET ${url}` }));
  };
  return { fetch, requests };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
