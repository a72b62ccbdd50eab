import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { DatabaseHandle } from './core/db/database.js';
import { createTestDatabase } from './test/database.js';
import { testConfig } from './test/app.js';

describe('graceful shutdown', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let release: () => void = () => undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database });
    // A request that stays in flight until the test lets it go.
    app.get('/slow', { schema: { hide: true } }, async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => database.close());

  it('stops accepting, finishes the request in flight, then closes', async () => {
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const inFlight = fetch(`${base}/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    release();
    await expect(inFlight).resolves.toEqual({ done: true });
    await closing;
  });
});
