import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ResolvedAddress } from '../core/http/outbound.js';

/**
 * A tiny authoritative DNS server on loopback (UDP, A and AAAA only) for tests that need a name to
 * resolve to a chosen address, e.g. a public-looking name that points at 127.0.0.1. Unknown names
 * get NXDOMAIN.
 */
export async function startDnsServer(zone: Record<string, string[]>) {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    // The question: labels from byte 12 to a zero byte, then type and class.
    const labels: string[] = [];
    let at = 12;
    while (at < query.length && query[at] !== 0) {
      const length = query[at]!;
      labels.push(query.subarray(at + 1, at + 1 + length).toString('ascii'));
      at += length + 1;
    }
    const questionEnd = at + 5;
    const type = query.readUInt16BE(at + 1);
    const name = labels.join('.').toLowerCase();
    const known = zone[name];
    const wanted = (known ?? []).filter((a) => (type === 28 ? isIPv6(a) : type === 1 && !isIPv6(a)));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(known ? 0x8580 : 0x8583, 2); // response, authoritative, recursion; NXDOMAIN if unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(wanted.length, 6);
    const answers = wanted.map((address) => {
      const data = Buffer.from(ipaddr.parse(address).toByteArray());
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(0, 6); // TTL 0: nothing cached between tests
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...answers]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;

  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const ask = async (lookup: Promise<string[]>) => {
    try {
      return await lookup;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
      throw error;
    }
  };
  /** Resolves through this server only, as the outbound guard's `resolve` option wants. */
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    const [v4, v6] = await Promise.all([ask(resolver.resolve4(hostname)), ask(resolver.resolve6(hostname))]);
    return [
      ...v4.map((address) => ({ address, family: 4 as const })),
      ...v6.map((address) => ({ address, family: 6 as const })),
    ];
  };
  return { port, resolve, close: () => new Promise<void>((done) => socket.close(() => done())) };
}
