import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one way the server calls an address a user gave it (a module's API address, a push endpoint,
 * a webhook, anything later). Decision 024. Every call:
 *
 * - resolves the name first and refuses unless every address it resolves to is public (or on the
 *   allow-list): no loopback, private, CGNAT, link-local, unique-local, multicast, unspecified,
 *   broadcast, reserved or IPv4-in-IPv6 forms of them, and never a cloud-metadata address;
 * - connects to the very address it checked (the socket's lookup is pinned to it), so a second DNS
 *   answer cannot swap in another (DNS rebinding);
 * - follows redirects itself, checking every hop the same way, and drops credentials on a hop to
 *   another origin;
 * - sends nothing, credentials included, before the address is allowed;
 * - fails with one `OutboundError` ("could not connect") whatever went wrong: refused, reset, timed
 *   out, TLS, unresolvable or disallowed. Nothing tells a closed port from a filtered or a forbidden one.
 *
 * It has fetch's signature, so code written against fetch takes it unchanged. Modules may not call
 * fetch or node's http clients themselves (eslint.config.js).
 */

export type OutboundFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundOptions {
  /**
   * Names and addresses reachable although they are not public (self-hosted peers, test receivers):
   * exact host names ("erp.internal", "localhost"), IP addresses or CIDR ranges ("10.0.0.0/8",
   * "::1"). Empty by default (OUTBOUND_ALLOW_HOSTS). Cloud-metadata addresses stay refused.
   */
  allow?: readonly string[];
  /** How names become addresses; the system resolver unless a test gives its own DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** The longest any call may take, redirects included, whatever signal the caller gives. */
  timeoutMs?: number;
  /** The most redirects followed. */
  maxRedirects?: number;
  /** The largest response body kept; a longer one is cut there. */
  maxBodyBytes?: number;
}

/** The one failure callers see. Its message never says why: the why is what a port scan wants. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  constructor() {
    super('could not connect');
  }
}

/** Instance metadata services: refused even when an allow-list range would cover them. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

function isMetadata(address: string): boolean {
  return ipaddr.isValid(address) && METADATA_ADDRESSES.has(ipaddr.process(address).toString());
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface AllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly Range[];
}

/** Parses allow-list entries; throws on one that is neither a host name, an address nor a CIDR range. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    if (entry.includes('/')) {
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/.test(entry)) {
      hosts.add(entry.replace(/\.$/, ''));
    } else {
      throw new Error(`Not a host name, address or CIDR range: ${raw}`);
    }
  }
  return { hosts, ranges };
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly Range[]): boolean {
  return ranges.some(([base, bits]) => {
    if (base.kind() === address.kind()) return address.match(base, bits);
    // "::ffff:127.0.0.1" written in the list still covers 127.0.0.1, and the other way round.
    if (base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && address.kind() === 'ipv4') {
      return address.match((base as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96));
    }
    return false;
  });
}

/**
 * Whether the server may connect to `address`: a public unicast address, or one the allow-list
 * covers, and never a metadata service. IPv4-mapped and IPv4-compatible IPv6 forms are judged as
 * the IPv4 address they carry; NAT64, 6to4 and Teredo forms (which also carry one) are refused.
 */
export function isAllowedAddress(address: string, allow: AllowList = { hosts: new Set(), ranges: [] }): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (isMetadata(address)) return false;
  const parsed = ipaddr.process(address);
  if (inRanges(parsed, allow.ranges)) return true;
  return parsed.range() === 'unicast';
}

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Refuses unless `url` may be called; the address to connect to, checked. */
async function checkedAddress(
  url: URL,
  allow: AllowList,
  resolve: OutboundOptions['resolve'],
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError();
  if (url.username || url.password) throw new OutboundError();
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const hostAllowed = allow.hosts.has(host.replace(/\.$/, ''));
  if (ipaddr.isValid(host)) {
    if (!isAllowedAddress(host, allow)) throw new OutboundError();
    return { address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 };
  }
  const addresses = await (resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new OutboundError();
  // Every answer must pass, not just one: the socket could otherwise be steered to any of them.
  for (const { address } of addresses) {
    if (isMetadata(address) || (!hostAllowed && !isAllowedAddress(address, allow))) throw new OutboundError();
  }
  return addresses[0]!;
}

/** A lookup that answers every question with the address already checked. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NO_BODY = new Set([101, 103, 204, 205, 304]);

interface Attempt {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

async function bodyOf(init: RequestInit | undefined): Promise<Buffer | undefined> {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // Anything else fetch accepts (a Blob, form data, a stream): let a Request read it.
  return Buffer.from(
    await new Request('http://body.invalid', { method: 'POST', body, duplex: 'half' } as RequestInit).arrayBuffer(),
  );
}

function send(attempt: Attempt, pinned: ResolvedAddress, signal: AbortSignal, maxBodyBytes: number) {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    const request = (attempt.url.protocol === 'https:' ? httpsRequest : httpRequest)(
      attempt.url,
      {
        method: attempt.method,
        headers: attempt.headers,
        lookup: pinnedLookup(pinned),
        agent: false,
        signal,
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= maxBodyBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBodyBytes) response.destroy();
        });
        const done = () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).subarray(0, maxBodyBytes) });
        };
        response.on('end', done);
        response.on('close', () => (size >= maxBodyBytes ? done() : undefined));
        response.on('error', (error) => (size >= maxBodyBytes ? done() : reject(error)));
      },
    );
    request.on('error', reject);
    request.end(attempt.body);
  });
}

/** A fetch that only reaches allowed addresses (see the top of this file). */
export function createOutboundFetch(options: OutboundOptions = {}): OutboundFetch {
  const allow = parseAllowList(options.allow ?? []);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const maxBodyBytes = options.maxBodyBytes ?? 1_048_576;

  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    // The deadline holds for every step, the name lookup included (which takes no signal).
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new OutboundError());
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    const work = call(input, init, signal);
    // Past the deadline the race is lost; whatever the call does later must not go unhandled.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, aborted]);
    } catch {
      throw new OutboundError();
    } finally {
      signal.removeEventListener('abort', onAbort!);
    }
  };

  async function call(input: string | URL | Request, init: RequestInit | undefined, signal: AbortSignal) {
    const request = input instanceof Request ? input : undefined;
    let attempt: Attempt = {
      url: new URL(request ? request.url : input.toString()),
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      headers: Object.fromEntries(new Headers(init?.headers ?? request?.headers).entries()),
      body: init?.body != null || !request?.body ? await bodyOf(init) : Buffer.from(await request.arrayBuffer()),
    };
    const redirect = init?.redirect ?? 'follow';
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(attempt.url, allow, options.resolve);
      signal.throwIfAborted();
      const answer = await send(attempt, pinned, signal, maxBodyBytes);
      const location = answer.headers.get('location');
      if (REDIRECTS.has(answer.status) && location && redirect !== 'manual') {
        if (redirect === 'error' || hop >= maxRedirects) throw new OutboundError();
        attempt = nextHop(attempt, answer.status, new URL(location, attempt.url));
        continue;
      }
      if (answer.status < 200 || answer.status > 599) throw new OutboundError();
      return new Response(NO_BODY.has(answer.status) ? null : new Uint8Array(answer.body), {
        status: answer.status,
        headers: answer.headers,
      });
    }
  }
}

/** The request a redirect asks for: GET after 303 (and after 301/302 of a POST), no credentials to another origin. */
function nextHop(previous: Attempt, status: number, url: URL): Attempt {
  const toGet = status === 303 || ((status === 301 || status === 302) && previous.method === 'POST');
  const headers = { ...previous.headers };
  if (url.origin !== previous.url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  if (toGet) {
    delete headers['content-type'];
    delete headers['content-length'];
  }
  return {
    url,
    method: toGet && previous.method !== 'HEAD' ? 'GET' : previous.method,
    headers,
    body: toGet ? undefined : previous.body,
  };
}
