import type { ConnectionResult, ConnectorAdapter } from '../manifest.js';

export interface HttpConnectorOptions {
  /** The provider's name as people know it, used in every message ("Connected to Shopify."). */
  provider: string;
  /** The read-only endpoint that proves the credentials work (the shop, the account, a list of stores). */
  url: (credentials: Record<string, string>) => string;
  headers: (credentials: Record<string, string>) => Record<string, string>;
  /** Which answers count as connected; 2xx unless a provider says otherwise. */
  okWhen?: (status: number) => boolean;
}

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * The one answer for every way a connection can fail: refused, reset, timed out, a TLS error, a name
 * that does not resolve, an address that may not be called (core/http/outbound.ts). Saying which
 * would turn Test connection into a port scanner (decision 024).
 */
export const couldNotConnect = (provider: string) => `Could not connect to ${provider}.`;

/**
 * One adapter for every provider reached by a single authenticated GET. It never throws (a bad
 * credential that breaks the URL is a failed test, not a 500) and never hangs: the request is
 * aborted after `timeoutMs`, and the wait is also raced against that timer so a fetch that ignores
 * its signal still gives an answer. A failure is answered when the timeout is up, not sooner, so
 * how long it took does not tell a closed port from a filtered one either.
 */
export function httpConnector(options: HttpConnectorOptions): ConnectorAdapter {
  const { provider } = options;
  const okWhen = options.okWhen ?? is2xx;
  return {
    async testConnection(credentials, { fetch, timeoutMs }): Promise<ConnectionResult> {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeUp = new Promise<'time-up'>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve('time-up');
        }, timeoutMs);
      });
      try {
        const request = Promise.resolve().then(() =>
          fetch(options.url(credentials), {
            method: 'GET',
            headers: { accept: 'application/json', ...options.headers(credentials) },
            // Following a redirect would send the token to wherever it points; report the 3xx instead.
            redirect: 'manual',
            signal: controller.signal,
          }),
        );
        const noAnswer = timeUp.then(() => null);
        const response = await Promise.race([
          // A failure waits for the timer too: every failure is answered after the same time.
          request.catch(() => noAnswer),
          noAnswer,
        ]);
        if (!response) return { ok: false, message: couldNotConnect(provider) };
        // The body is not needed; cancelling it frees the socket. Not awaited: it must not delay the answer.
        response.body?.cancel().catch(() => undefined);
        if (okWhen(response.status)) return { ok: true, message: `Connected to ${provider}.` };
        if (response.status === 401 || response.status === 403) {
          return { ok: false, message: `The credentials were refused by ${provider}.` };
        }
        return { ok: false, message: `${provider} answered ${response.status}.` };
      } catch {
        await timeUp;
        return { ok: false, message: couldNotConnect(provider) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** `Authorization: Basic …` from a user and a secret, as WooCommerce and ShipStation expect. */
export function basicAuth(user: string | undefined, secret: string | undefined): string {
  return `Basic ${Buffer.from(`${user ?? ''}:${secret ?? ''}`).toString('base64')}`;
}

/** The credential's address without a trailing slash, so paths can be appended. */
export function baseUrl(value: string | undefined): string {
  return (value ?? '').replace(/\/+$/, '');
}

/** `Authorization: Bearer …`, the commonest way providers take a token. */
export function bearer(token: string | undefined): Record<string, string> {
  return { Authorization: `Bearer ${token ?? ''}` };
}
