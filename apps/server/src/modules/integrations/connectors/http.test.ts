import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConnector } from './http.js';

/** A local stand-in for a provider: the status comes from the path, and every request is recorded. */
let server: Server;
let origin: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

/** A server that accepts connections and never answers. */
let silent: Server;
let silentOrigin: string;

const listen = (s: Server) =>
  new Promise<string>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/redirect')) {
      res.writeHead(302, { location: '/admin/api/2025-01/shop.json' }).end();
      return;
    }
    const status = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
  origin = await listen(server);
  // Accepts the connection and then says nothing: the adapter's timeout must end the wait.
  silent = createServer(() => undefined);
  silentOrigin = await listen(silent);
});

afterAll(async () => {
  server.closeAllConnections();
  silent.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => silent.close(r))]);
});

const shopify = httpConnector({
  provider: 'Shopify',
  url: (c) => `${c.shopUrl}/admin/api/2025-01/shop.json`,
  headers: (c) => ({ 'X-Shopify-Access-Token': c.accessToken ?? '' }),
});
// The adapter's own contract, with a plain fetch; the guard it gets in the app is tested in
// core/http/outbound.test.ts and, for every connector, in guarded.test.ts.
const options = { fetch, timeoutMs: 2000 };

describe('httpConnector', () => {
  it('calls the URL built from the credentials with their headers, and 2xx is connected', async () => {
    seen.length = 0;
    const result = await shopify.testConnection({ shopUrl: origin, accessToken: 'shpat_1' }, options);
    expect(result).toEqual({ ok: true, message: 'Connected to Shopify.' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/admin/api/2025-01/shop.json');
    expect(seen[0]?.headers['x-shopify-access-token']).toBe('shpat_1');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it.each([401, 403])('says the credentials were refused on %i', async (status) => {
    const result = await shopify.testConnection({ shopUrl: `${origin}/status/${status}`, accessToken: 'x' }, options);
    expect(result).toEqual({ ok: false, message: 'The credentials were refused by Shopify.' });
  });

  it('names any other status', async () => {
    expect(await shopify.testConnection({ shopUrl: `${origin}/status/503`, accessToken: 'x' }, options)).toEqual({
      ok: false,
      message: 'Shopify answered 503.',
    });
    expect(await shopify.testConnection({ shopUrl: `${origin}/status/404`, accessToken: 'x' }, options)).toEqual({
      ok: false,
      message: 'Shopify answered 404.',
    });
  });

  it('does not follow a redirect, so the token is not sent on elsewhere', async () => {
    seen.length = 0;
    const result = await shopify.testConnection({ shopUrl: `${origin}/redirect`, accessToken: 'x' }, options);
    expect(result).toEqual({ ok: false, message: 'Shopify answered 302.' });
    expect(seen.map((r) => r.url)).toEqual(['/redirect/admin/api/2025-01/shop.json']);
  });

  it('lets a provider decide which statuses mean connected', async () => {
    // e.g. an endpoint that answers 405 to GET once the key is accepted.
    const lenient = httpConnector({
      provider: 'Gelato',
      url: () => `${origin}/status/405`,
      headers: () => ({}),
      okWhen: (status) => status === 405,
    });
    expect(await lenient.testConnection({}, options)).toEqual({ ok: true, message: 'Connected to Gelato.' });
  });

  it('answers a closed port and a silent one alike, in words and in time, without throwing', async () => {
    // Take a free port and close it again, so nothing listens there.
    const closed = createServer();
    const closedOrigin = await listen(closed);
    await new Promise((r) => closed.close(r));
    const timed = async (shopUrl: string) => {
      const started = Date.now();
      const result = await shopify.testConnection({ shopUrl, accessToken: 'x' }, { fetch, timeoutMs: 200 });
      return { result, elapsed: Date.now() - started };
    };
    const [refused, hung] = await Promise.all([timed(closedOrigin), timed(silentOrigin)]);
    for (const { result, elapsed } of [refused, hung]) {
      expect(result).toEqual({ ok: false, message: 'Could not connect to Shopify.' });
      // A refusal is not answered sooner than the timeout: the time says nothing about the port.
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1500);
    }
  });

  it('does not hang on a fetch that ignores its abort signal', async () => {
    const deaf = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    const result = await shopify.testConnection({ shopUrl: origin, accessToken: 'x' }, { fetch: deaf, timeoutMs: 50 });
    expect(result).toEqual({ ok: false, message: 'Could not connect to Shopify.' });
  });

  it('turns credentials that make no address into a failed test, not an exception', async () => {
    const quick = { fetch, timeoutMs: 100 };
    const result = await shopify.testConnection({ shopUrl: 'not a url', accessToken: 'x' }, quick);
    expect(result.ok).toBe(false);
    expect(result.message).toBe('Could not connect to Shopify.');

    const throwing = httpConnector({
      provider: 'Etsy',
      url: () => {
        throw new Error('the key is missing');
      },
      headers: () => ({}),
    });
    expect(await throwing.testConnection({}, quick)).toEqual({
      ok: false,
      message: 'Could not connect to Etsy.',
    });
  });
});
