import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUser } from '../../modules/accounts/testing.js';
import { createStartedTestApp, testBootstrap, type TestApp } from '../../test/app.js';
import { bearerToken } from '../../test/billing.js';

describe('answers compressed as the browser asks', () => {
  let t: TestApp;
  let authorization: string;
  beforeAll(async () => {
    t = await createStartedTestApp();
    const admin = await findUser(t.database.db, { email: testBootstrap.adminEmail });
    authorization = `Bearer ${await bearerToken(t, admin!.id)}`;
  });
  afterAll(() => t.close());

  // The module catalogue is tens of KB: above the size the library would otherwise stream.
  const get = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/v1/integrations',
      headers: { authorization, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'with accept-encoding "%s", answers %s that decompresses to the plain answer',
    async (asked, used, decompress) => {
      const plain = await get();
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
      const compressed = await get(asked);
      expect(compressed.headers['content-encoding']).toBe(used);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decompress(compressed.rawPayload).toString())).toEqual(plain.json());
    },
  );
});
