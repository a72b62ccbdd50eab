import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createOutboundFetch, type ResolvedAddress } from '../../../core/http/outbound.js';
import { moduleRegistry } from '../registry.js';
import { couldNotConnect } from './http.js';

/** The one failure sentence, whatever the provider's name. */
const uniform = /^Could not connect to [^:]+\.$/;

// Every connector of the registry, with every credential that looks like an address pointed at a
// listener on loopback, and every name resolving to loopback too (as a hostile DNS would answer for
// the providers' own hosts): through the app's guard, each one answers the one "could not connect",
// and nothing, neither a connection nor a key, reaches the listener.

const connectors = [...moduleRegistry.values()].filter((m) => m.connector);
const KEY = 'secret-module-key-123456';
const addressLike = /url|address|endpoint|host|domain|site|shop|store|server|base/i;

let connections = 0;
const keys: string[] = [];
const listener = createServer((req, res) => {
  keys.push(JSON.stringify(req.headers));
  res.end('{}');
});
listener.on('connection', () => (connections += 1));
let port: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '::', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
});

describe('Test connection of every connector, through the outbound guard', () => {
  it('has connectors to check', () => {
    expect(connectors.length).toBeGreaterThan(5);
    expect(couldNotConnect('Shopify')).toMatch(uniform);
  });

  for (const target of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '169.254.169.254', '10.0.0.1']) {
    it(`gives every connector the same answer for an address on ${target}, sending nothing there`, async () => {
      const everythingIsLoopback = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }];
      const guard = createOutboundFetch({ resolve: everythingIsLoopback, timeoutMs: 1000 });
      const results = await Promise.all(
        connectors.map(async (manifest) => {
          const shape = (manifest.connector!.credentials as z.ZodObject).shape;
          const credentials = Object.fromEntries(
            Object.keys(shape).map((name) => [name, addressLike.test(name) ? `https://${target}:${port}` : KEY]),
          );
          const result = await manifest.connector!.adapter.testConnection(credentials, {
            fetch: guard,
            timeoutMs: 300,
          });
          return [manifest.code, result];
        }),
      );
      expect(Object.fromEntries(results)).toEqual(
        Object.fromEntries(connectors.map((m) => [m.code, { ok: false, message: expect.stringMatching(uniform) }])),
      );
      expect({ connections, keys }).toEqual({ connections: 0, keys: [] });
    });
  }
});
