import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/dns-server.js';
import {
  createOutboundFetch,
  isAllowedAddress,
  OutboundError,
  parseAllowList,
  type OutboundFetch,
} from './outbound.js';

const API_KEY = 'Bearer secret-module-key-123';

/** Counts every connection and every credential that reaches it: a blocked call must add none. */
function countingListener() {
  const seen = { connections: 0, keys: [] as string[] };
  const server = createServer((req, res) => {
    if (req.headers.authorization) seen.keys.push(req.headers.authorization);
    res.end('inside');
  });
  server.on('connection', () => (seen.connections += 1));
  return { server, seen };
}

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

describe('the outbound guard', () => {
  // Listens on every loopback form at once (:: takes 127.0.0.1 and ::ffff:127.0.0.1 too).
  const target = countingListener();
  const allowedTarget = countingListener();
  let port: number;
  let allowedPort: number;
  let redirector: Server;
  let redirectorPort: number;
  const redirectorKeys: string[] = [];
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let guard: OutboundFetch;
  let permissive: OutboundFetch;

  beforeAll(async () => {
    port = await listen(target.server, '::');
    allowedPort = await listen(allowedTarget.server, '127.0.0.1');
    redirector = createServer((req, res) => {
      if (req.headers.authorization) redirectorKeys.push(req.headers.authorization);
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to }).end();
    });
    redirectorPort = await listen(redirector, '127.0.0.1');
    dns = await startDnsServer({
      'loopback.test': ['127.0.0.1'],
      'v6-loopback.test': ['::1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
      'private.test': ['10.0.0.5'],
      'cgnat.test': ['100.64.1.1'],
      // One public answer and one loopback one: every answer must pass, not the first.
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
      localhost: ['127.0.0.1', '::1'],
      // A peer a deployment allowed by name, which then redirects to loopback.
      'redirector.test': ['127.0.0.1'],
    });
    guard = createOutboundFetch({ allow: ['redirector.test'], resolve: dns.resolve, timeoutMs: 500 });
    permissive = createOutboundFetch({ allow: ['127.0.0.0/8', '::1'], resolve: dns.resolve, timeoutMs: 300 });
  });

  afterAll(async () => {
    await Promise.all([close(target.server), close(allowedTarget.server), close(redirector), dns.close()]);
  });

  const redirect = (to: string) => `http://redirector.test:${redirectorPort}/?to=${encodeURIComponent(to)}`;
  const blocked = () => [
    // IPv4 loopback, in the spellings a URL parser accepts
    `http://127.0.0.1:${port}/`,
    `https://127.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0.0.0.0:${port}/`,
    // IPv6 loopback, unspecified and IPv4 inside IPv6
    `http://[::1]:${port}/`,
    `http://[::]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[64:ff9b::7f00:1]:${port}/`,
    // private, CGNAT, link-local, unique-local, multicast, broadcast, reserved
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    // cloud metadata
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    // names that resolve to any of those
    `http://loopback.test:${port}/`,
    `http://v6-loopback.test:${port}/`,
    `http://mapped.test:${port}/`,
    `http://localhost:${port}/`,
    'http://metadata.test/latest/meta-data/',
    'http://private.test/',
    'http://cgnat.test/',
    `http://mixed.test:${port}/`,
    'http://nowhere.test/',
    // a redirect from an allowed peer to any of those
    redirect(`http://127.0.0.1:${port}/`),
    redirect(`http://[::1]:${port}/`),
    redirect(`http://loopback.test:${port}/`),
    redirect('http://169.254.169.254/latest/meta-data/'),
    // other schemes, and credentials in the address
    `ftp://127.0.0.1:${port}/`,
    'file:///etc/passwd',
    `http://user:pass@93.184.216.34:${port}/`,
  ];

  it('gives every blocked address the same answer, and nothing reaches the listener', async () => {
    const answers = await Promise.all(
      blocked().map(async (url) => {
        try {
          await guard(url, { headers: { authorization: API_KEY } });
          return `${url}: reached`;
        } catch (error) {
          return error instanceof OutboundError ? `${error.name}: ${error.message}` : `${url}: ${String(error)}`;
        }
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['OutboundError: could not connect']));
    expect(target.seen).toEqual({ connections: 0, keys: [] });
  });

  it('answers a refused, a silent and a disallowed address alike', async () => {
    const closed = createServer();
    const closedPort = await listen(closed, '127.0.0.1');
    await close(closed);
    const silent = createServer(() => undefined);
    const silentPort = await listen(silent, '127.0.0.1');
    const outcome = async (url: string) =>
      permissive(url).then(
        () => 'answered',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    const answers = await Promise.all([
      outcome(`http://127.0.0.1:${closedPort}/`),
      outcome(`http://127.0.0.1:${silentPort}/`),
      outcome(`https://127.0.0.1:${allowedPort}/`), // TLS to a plain-http port
      outcome('http://10.0.0.1/'),
    ]);
    await close(silent);
    expect(answers).toEqual(Array(4).fill('OutboundError: could not connect'));
  });

  it('connects to the address it checked (pinned: the system resolver never knows these names)', async () => {
    const response = await permissive(`http://loopback.test:${allowedPort}/`, { headers: { authorization: API_KEY } });
    expect(await response.text()).toBe('inside');
    expect(allowedTarget.seen.keys).toEqual([API_KEY]);
    // IPv6 and IPv4-mapped literals, once allowed, connect as written.
    for (const host of ['[::1]', '[::ffff:127.0.0.1]']) {
      expect(await (await permissive(`http://${host}:${port}/`)).text(), host).toBe('inside');
    }
  });

  it('follows an allowed redirect, checking the hop, and sends no credentials to another origin', async () => {
    allowedTarget.seen.keys.length = 0;
    const via = (to: string) => `http://127.0.0.1:${redirectorPort}/?to=${encodeURIComponent(to)}`;
    const response = await permissive(via(`http://loopback.test:${allowedPort}/`), {
      headers: { authorization: API_KEY },
    });
    expect(await response.text()).toBe('inside');
    expect(allowedTarget.seen.keys).toEqual([]);
    // Manual: the 3xx itself, for callers that must not follow.
    expect((await permissive(via('/elsewhere'), { redirect: 'manual' })).status).toBe(302);
  });

  it('judges addresses by range, never allows metadata, and reads the allow-list', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) {
      expect(isAllowedAddress(address), address).toBe(true);
    }
    for (const address of ['127.0.0.1', '::1', '::ffff:10.0.0.1', '::127.0.0.1', '2002:7f00:1::', '192.0.2.1']) {
      expect(isAllowedAddress(address), address).toBe(false);
    }
    const wide = parseAllowList(['169.254.0.0/16', 'fd00::/8', '10.0.0.0/8', 'erp.internal']);
    expect(isAllowedAddress('10.1.2.3', wide)).toBe(true);
    expect(isAllowedAddress('::ffff:10.1.2.3', wide)).toBe(true);
    expect(isAllowedAddress('169.254.169.254', wide)).toBe(false);
    expect(isAllowedAddress('fd00:ec2::254', wide)).toBe(false);
    expect(wide.hosts).toEqual(new Set(['erp.internal']));
    expect(() => parseAllowList(['not a host!'])).toThrow();
  });
});
