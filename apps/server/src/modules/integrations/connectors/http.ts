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

/** Node's fetch hides the socket error under `cause`; people should read "connection refused", not "fetch failed". */
const reasonByCode: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the address was not found',
  EAI_AGAIN: 'the address could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed',
};

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && reasonByCode[code]) return reasonByCode[code];
  if (cause instanceof Error && cause.message) return cause.message;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

class Timeout extends Error {}

/**
 * One adapter for every provider reached by a single authenticated GET. It never throws (a bad
 * credential that breaks the URL is a failed test, not a 500) and never hangs: the request is
 * aborted after `timeoutMs`, and the wait is also raced against that timer so a fetch that ignores
 * its signal still gives an answer.
 */
export function httpConnector(options: HttpConnectorOptions): ConnectorAdapter {
  const { provider } = options;
  const okWhen = options.okWhen ?? is2xx;
  return {
    async testConnection(credentials, { fetch, timeoutMs }): Promise<ConnectionResult> {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Timeout());
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
        const response = await Promise.race([request, timedOut]);
        // The body is not needed; cancelling it frees the socket. Not awaited: it must not delay the answer.
        response.body?.cancel().catch(() => undefined);
        if (okWhen(response.status)) return { ok: true, message: `Connected to ${provider}.` };
        if (response.status === 401 || response.status === 403) {
          return { ok: false, message: `The credentials were refused by ${provider}.` };
        }
        return { ok: false, message: `${provider} answered ${response.status}.` };
      } catch (error) {
        const reason =
          error instanceof Timeout || controller.signal.aborted
            ? `no answer within ${formatDuration(timeoutMs)}`
            : reasonOf(error);
        return { ok: false, message: `Could not reach ${provider}: ${reason}.` };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** 5000 → "5 s", 300 → "0.3 s", 50 → "0.05 s". */
function formatDuration(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
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
