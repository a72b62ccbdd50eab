import { createClient, type WharfClient } from '@wharf/client';
import { CSRF_COOKIE, CSRF_HEADER, csrfHeaders, readCookie } from './csrf';
import { recordRetryAfter } from './rate-limit';

/** The account API and the public platform calls: session cookie, CSRF header on every write. */
const ACCOUNT_PREFIX = '/omnis/';
/** Any answer of the account API sets the CSRF cookie; this one is cheap and never has effects. */
const CSRF_PRIMING_PATH = '/omnis/v3/dashboard/user';

/** The service API, called with the bearer token minted from the session. */
const SERVICE_PREFIXES = ['/v1/', '/v2/'];
/** Service calls a signed-out visitor makes: they must not mint a token (there is no session). */
const PUBLIC_SERVICE_PATHS = new Set([
  '/v1/auth/token',
  '/v1/auth/device/code',
  '/v1/auth/healthz',
  // A subscriber's own links from a mail (confirm, unsubscribe): the signed token is their authority.
  '/v1/mail/subscriptions/confirm',
  '/v1/mail/subscriptions/unsubscribe',
]);

export function needsBearer(pathname: string): boolean {
  return SERVICE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) && !PUBLIC_SERVICE_PATHS.has(pathname);
}

export interface AppClientOptions {
  /** The network; tests pass a fake one. */
  fetch?: typeof fetch;
  /** The bearer token for service calls (the token store's getToken). */
  getToken: () => Promise<string>;
}

function pathnameOf(input: RequestInfo | URL): string {
  const url = input instanceof Request ? input.url : String(input);
  return new URL(url, 'http://same-origin.invalid').pathname;
}

/**
 * The console's API client: same-origin, with the session cookie, the CSRF header read from its
 * cookie (DESIGN.md "Identity") and, on service calls, `Authorization: Bearer <token>`.
 *
 * The client's own hooks cannot tell calls apart (getAccessToken does not see the URL, and the
 * token call itself must not wait for a token), so the per-path rules live in a fetch wrapper.
 */
export function createAppClient(options: AppClientOptions): WharfClient {
  const network = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function primeCsrfCookie(): Promise<void> {
    try {
      await network(CSRF_PRIMING_PATH, {
        method: 'GET',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
    } catch {
      // The write itself will fail and say why.
    }
  }

  const wrapped: typeof fetch = async (input, init = {}) => {
    const pathname = pathnameOf(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);

    if (pathname.startsWith(ACCOUNT_PREFIX) && method !== 'GET' && !headers.has(CSRF_HEADER)) {
      // The first write of a fresh browser: no cookie yet, so no value to echo.
      if (readCookie(CSRF_COOKIE) === undefined) await primeCsrfCookie();
      const token = readCookie(CSRF_COOKIE);
      if (token !== undefined) headers.set(CSRF_HEADER, token);
    }
    if (needsBearer(pathname) && !headers.has('authorization')) {
      headers.set('authorization', `Bearer ${await options.getToken()}`);
    }

    const response = await network(input, { ...init, headers });
    if (response.status === 429) recordRetryAfter(pathname, response.headers.get('retry-after'));
    return response;
  };

  return createClient({ fetch: wrapped, credentials: 'same-origin', getHeaders: csrfHeaders });
}
