import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ResolvedAddress } from '../core/http/outbound.js';

const TYPE_A = 1;
const TYPE_TXT = 16;
const TYPE_AAAA = 28;
const FLAGS = { ok: 0x8580, servfail: 0x8582, nxdomain: 0x8583 }; // response, authoritative, recursion + rcode

/** A TXT record's character strings: one string, or several chunks the reader joins. */
export type TxtRecord = string | string[];

/**
 * A tiny authoritative DNS server on loopback (UDP) for tests: A and AAAA answers for `zone`, so a
 * public-looking name can point at 127.0.0.1, and TXT records (`setTxt`) for domain verification.
 * Unknown names get NXDOMAIN; names given to `failWith` get SERVFAIL. Answers carry TTL 0, so no
 * resolver keeps one between tests. Nothing here ever asks another server.
 */
export async function startDnsServer(zone: Record<string, string[]> = {}) {
  const txt = new Map<string, TxtRecord[]>();
  const failing = new Set<string>();
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
    const addresses = zone[name];
    const records = txt.get(name);
    const known = addresses !== undefined || records !== undefined;
    const answers: Buffer[] =
      type === TYPE_TXT
        ? (records ?? []).map((record) => txtData(record))
        : (addresses ?? [])
            .filter((a) => (type === TYPE_AAAA ? isIPv6(a) : type === TYPE_A && !isIPv6(a)))
            .map((address) => Buffer.from(ipaddr.parse(address).toByteArray()));
    const flags = failing.has(name) ? FLAGS.servfail : known ? FLAGS.ok : FLAGS.nxdomain;
    const shown = flags === FLAGS.ok ? answers : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(flags, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(shown.length, 6);
    const encoded = shown.map((data) => {
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(0, 6); // TTL 0: nothing cached between tests
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...encoded]), peer.port, peer.address);
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
  return {
    port,
    /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
    address: `127.0.0.1:${port}`,
    resolve,
    /** The TXT records of `name` from now on; none removes them (the name then answers NXDOMAIN). */
    setTxt(name: string, ...records: TxtRecord[]) {
      if (records.length === 0) txt.delete(name.toLowerCase());
      else txt.set(name.toLowerCase(), records);
    },
    /** Whether `name` answers SERVFAIL, as a broken authoritative server does. */
    failWith(name: string, fail = true) {
      if (fail) failing.add(name.toLowerCase());
      else failing.delete(name.toLowerCase());
    },
    close: () => new Promise<void>((done) => socket.close(() => done())),
  };
}

export type TestDnsServer = Awaited<ReturnType<typeof startDnsServer>>;

/** A TXT record's data: each character string as its length byte and at most 255 bytes. */
function txtData(record: TxtRecord): Buffer {
  const chunks = typeof record === 'string' ? (record.match(/[^]{1,255}/g) ?? ['']) : record;
  return Buffer.concat(
    chunks.map((chunk) => {
      const bytes = Buffer.from(chunk, 'utf8').subarray(0, 255);
      return Buffer.concat([Buffer.from([bytes.length]), bytes]);
    }),
  );
}
