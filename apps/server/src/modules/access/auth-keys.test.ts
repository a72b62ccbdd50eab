import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { auditEntries } from '../../core/audit/read.js';
import { authKeys } from './schema.js';
import { addMember } from './service.js';

describe('project API keys', () => {
  let t: TestApp;
  let owner: BearerUser;
  let mia: BearerUser;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    mia = await bearerUser(t, 'mia@example.com');
    projectId = (await createProjectAs(owner, 'Shop')).id;
    otherProjectId = (await createProjectAs(owner, 'Other')).id;
    await t.database.db.transaction((tx) => addMember(tx, projectId, mia.user.id, 'member'));
  });
  afterAll(() => t.close());

  const withKey = (secret: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${secret}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
    const res = await owner.call('POST', `/v1/projects/${projectId}/auth`, {
      name: 'Warehouse sync',
      permissions: ['projects.read'],
    });
    expect(res.statusCode).toBe(201);
    const { key, secret } = res.json();
    expect(secret).toMatch(/^wk_[\w-]{40,}$/);
    expect(key).toMatchObject({
      name: 'Warehouse sync',
      prefix: secret.slice(0, 10),
      permissions: ['projects.read'],
      lastUsedAt: null,
    });
    const [row] = await t.database.db.select().from(authKeys).where(eq(authKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = (await owner.call('GET', `/v1/projects/${projectId}/auth`)).json();
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed).toHaveLength(1);
  });

  it('works as a bearer token, limited to its project and its permissions, and is refused right after revoking', async () => {
    const { key, secret } = (
      await owner.call('POST', `/v1/projects/${projectId}/auth`, { name: 'Reader', permissions: ['projects.read'] })
    ).json();
    expect((await withKey(secret, 'GET', `/v1/projects/${projectId}`)).statusCode).toBe(200);
    expect((await withKey(secret, 'PATCH', `/v1/projects/${projectId}`, { name: 'Renamed by a key' })).statusCode).toBe(
      403,
    );
    // The key's maker owns the other project too; the key still cannot reach it.
    expect((await withKey(secret, 'GET', `/v1/projects/${otherProjectId}`)).statusCode).toBe(403);
    expect((await withKey(secret, 'GET', '/v1/projects')).statusCode).toBe(403);
    const [used] = await t.database.db.select().from(authKeys).where(eq(authKeys.id, key.id));
    expect(used!.lastUsedAt).not.toBeNull();

    expect((await owner.call('DELETE', `/v1/projects/${projectId}/auth/${key.id}`)).statusCode).toBe(204);
    expect((await withKey(secret, 'GET', `/v1/projects/${projectId}`)).statusCode).toBe(401);
    expect((await owner.call('DELETE', `/v1/projects/${projectId}/auth/${key.id}`)).statusCode).toBe(404);
  });

  it('never carries more than its maker holds, and only known permissions', async () => {
    const tooMuch = await owner.call('POST', `/v1/projects/${projectId}/auth`, {
      name: 'X',
      permissions: ['billing.steal'],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(
      (await mia.call('POST', `/v1/projects/${projectId}/auth`, { name: 'Mine', permissions: ['projects.read'] }))
        .statusCode,
    ).toBe(403);
  });

  it('is audited as the key acting for its maker', async () => {
    const { secret } = (
      await owner.call('POST', `/v1/projects/${projectId}/auth`, {
        name: 'Editor',
        permissions: ['projects.read', 'projects.update'],
      })
    ).json();
    expect((await withKey(secret, 'PATCH', `/v1/projects/${projectId}`, { name: 'Renamed by a key' })).statusCode).toBe(
      200,
    );
    const entries = await auditEntries(t.database.db, { operationId: 'updateProject' });
    expect(entries.find((e) => e.result === 'success')).toMatchObject({
      actorKind: 'authKey',
      actorUserId: owner.user.id,
      projectId,
    });
  });
});
