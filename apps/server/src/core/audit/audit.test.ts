import { defineOperation } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { firstStart } from '../../modules/accounts/first-start.js';
import { findUser, insertUser } from '../../modules/accounts/testing.js';
import { createUser, STRONG_PASSWORD, TestBrowser, USER_API } from '../../test/accounts.js';
import { testConfig } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTestClock } from '../clock.js';
import { AppError } from '../errors.js';
import { anonymousResolver } from '../http/access.js';
import { registerOperations } from '../http/operations.js';
import { recordAudit } from './audit.js';
import { auditLog } from './schema.js';

const op = (operationId: string) =>
  defineOperation({
    operationId,
    method: 'POST',
    path: `/v1/test/${operationId}`,
    summary: operationId,
    tags: ['test'],
    responses: { 200: z.object({ ok: z.boolean() }) },
    access: { kind: 'public' },
    audited: true,
  });

describe('the audit log', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database });
    const { db } = database;
    registerOperations(
      app,
      { testCommits: op('testCommits'), testRollsBack: op('testRollsBack'), testForgets: op('testForgets') },
      {
        testCommits: (_input, request) =>
          db.transaction(async (tx) => {
            await insertUser(tx, { email: 'committed@example.com' });
            await recordAudit(tx, request, { target: 'user:committed' });
            return { ok: true };
          }),
        testRollsBack: (_input, request) =>
          db.transaction(async (tx) => {
            await insertUser(tx, { email: 'rolled-back@example.com' });
            await recordAudit(tx, request, { target: 'user:rolled-back' });
            throw new AppError(409, 'CONFLICT', 'Something else changed first.');
          }),
        testForgets: () => ({ ok: true }),
      },
      anonymousResolver,
    );
    await app.ready();
    await firstStart(db, app.services.clock, {
      platformName: 'Wharf',
      adminEmail: 'admin@wharf.local',
      publicUrl: 'http://localhost:3000',
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const entries = (operationId: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.operationId, operationId));

  it('writes actor, operation, target, time, address and result for a sign-in', async () => {
    const user = await createUser({ database, clock: createTestClock() }, 'audited@example.com');
    const res = await new TestBrowser(app).post(`${USER_API}/login`, {
      email: 'audited@example.com',
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operationId, 'login'), eq(auditLog.result, 'success')));
    expect(entry).toMatchObject({
      actorUserId: user.id,
      actorKind: 'user',
      target: `user:${user.id}`,
      ip: '127.0.0.1',
      status: null,
    });
    expect(entry!.at).toBeInstanceOf(Date);
  });

  it('records a refused call as a failure with its status and code', async () => {
    await new TestBrowser(app).post(`${USER_API}/login`, {
      email: 'audited@example.com',
      password: 'wrong-password-9',
    });
    const [failure] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operationId, 'login'), eq(auditLog.result, 'failure')));
    expect(failure).toMatchObject({ actorKind: 'anonymous', status: 401, details: { code: 'INVALID_CREDENTIALS' } });
  });

  it('keeps the entry of a committed change, and none of a change that rolled back', async () => {
    expect((await app.inject({ method: 'POST', url: '/v1/test/testCommits' })).statusCode).toBe(200);
    expect(await entries('testCommits')).toMatchObject([{ result: 'success', target: 'user:committed' }]);

    expect((await app.inject({ method: 'POST', url: '/v1/test/testRollsBack' })).statusCode).toBe(409);
    const rolledBack = await entries('testRollsBack');
    expect(rolledBack).toHaveLength(1);
    expect(rolledBack[0]).toMatchObject({ result: 'failure', status: 409, target: null });
    expect(await findUser(database.db, { email: 'rolled-back@example.com' })).toBeUndefined();
  });

  it('refuses to pass an audited change that wrote no entry (outside production)', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/testForgets' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('AUDIT_MISSING');
  });
});
