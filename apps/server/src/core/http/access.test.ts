import { defineOperation, type Access } from '@wharf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { testConfig } from '../../test/app.js';
import type { AccessResolver, Principal } from './access.js';
import { registerOperations } from './operations.js';

const PROJECT_A = '11111111-1111-4111-8111-111111111111';
const PROJECT_B = '22222222-2222-4222-8222-222222222222';

function op(operationId: string, path: string, access: Access) {
  return defineOperation({
    operationId,
    method: 'GET',
    path,
    summary: operationId,
    tags: ['test'],
    query: z.object({ project: z.string().optional() }),
    responses: { 200: z.object({ ok: z.boolean() }) },
    access,
    audited: false,
  });
}

const table = {
  testPublic: op('testPublic', '/v1/test/public', { kind: 'public' }),
  testUser: op('testUser', '/v1/test/user', { kind: 'user' }),
  testAdmin: op('testAdmin', '/v1/test/admin', { kind: 'admin' }),
  testPermission: op('testPermission', '/v1/test/permission', { kind: 'permission', permission: 'billing.read' }),
};

/** Callers by bearer token, and what each holds: enough to exercise every branch of the hook. */
const principals: Record<string, Principal> = {
  alice: { kind: 'user', via: 'bearer', userId: 'alice', isAdmin: false },
  root: { kind: 'user', via: 'bearer', userId: 'root', isAdmin: true },
  keyA: { kind: 'authKey', via: 'bearer', userId: 'alice', isAdmin: false, projectId: PROJECT_A },
};
const grants = new Set([`alice:${PROJECT_A}:billing.read`, `alice:${PROJECT_B}:billing.read`]);
const resolver: AccessResolver = {
  authenticate: async (request) => principals[request.headers.authorization?.replace('Bearer ', '') ?? ''] ?? null,
  hasPermission: async (principal, projectId, permission) =>
    grants.has(`${principal.userId}:${projectId}:${permission}`),
};

describe('the access hook', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database });
    const ok = () => ({ ok: true });
    registerOperations(app, table, { testPublic: ok, testUser: ok, testAdmin: ok, testPermission: ok }, resolver);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (url: string, who?: string) =>
    app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${who}` } : {} });

  it('lets anyone call a public operation', async () => {
    expect((await call('/v1/test/public')).statusCode).toBe(200);
  });

  it('refuses signed-out callers with 401 UNAUTHENTICATED', async () => {
    for (const url of ['/v1/test/user', '/v1/test/admin', `/v1/test/permission?project=${PROJECT_A}`]) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    }
  });

  it('lets any signed-in user call a user operation', async () => {
    expect((await call('/v1/test/user', 'alice')).statusCode).toBe(200);
  });

  it('keeps admin operations for platform admins', async () => {
    expect((await call('/v1/test/admin', 'alice')).statusCode).toBe(403);
    expect((await call('/v1/test/admin', 'keyA')).statusCode).toBe(403);
    expect((await call('/v1/test/admin', 'root')).statusCode).toBe(200);
  });

  it('denies a permission operation without a project', async () => {
    const res = await call('/v1/test/permission', 'alice');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('grants a permission operation only where the caller holds the permission', async () => {
    expect((await call(`/v1/test/permission?project=${PROJECT_A}`, 'alice')).statusCode).toBe(200);
    expect((await call(`/v1/test/permission?project=${PROJECT_A}`, 'root')).statusCode).toBe(403);
  });

  it('keeps an auth key inside its own project even where its user could go further', async () => {
    expect((await call(`/v1/test/permission?project=${PROJECT_A}`, 'keyA')).statusCode).toBe(200);
    expect((await call(`/v1/test/permission?project=${PROJECT_B}`, 'alice')).statusCode).toBe(200);
    expect((await call(`/v1/test/permission?project=${PROJECT_B}`, 'keyA')).statusCode).toBe(403);
  });
});
