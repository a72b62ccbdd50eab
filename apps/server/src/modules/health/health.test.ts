import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { DatabaseHandle } from '../../core/db/database.js';

describe('health when the database is down', () => {
  let t: TestApp;
  let real: DatabaseHandle;
  beforeAll(async () => {
    real = await createTestDatabase();
    const failing: DatabaseHandle = {
      ...real,
      ping: async () => {
        throw new Error('connection refused');
      },
    };
    t = await createTestApp({ database: failing });
  });
  afterAll(async () => {
    await t.close();
    await real.close();
  });

  it.each(['/healthz', '/v1/auth/healthz', '/v1/drive/healthz', '/v1/enforcer/healthz'])(
    '%s answers 503 so a load balancer takes the copy out',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', checks: { database: 'error' } });
    },
  );
});
