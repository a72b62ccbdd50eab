import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, USER_API } from '../../test/accounts.js';
import { insertOrganisation, insertProject } from '../projects/testing.js';
import { builtInRole } from './built-in-roles.js';
import { roleAssignments } from './schema.js';
import { addMember, PermissionResolver } from './service.js';

describe('access control', () => {
  let t: TestApp;
  let projectId: string;
  const ids: Record<string, string> = {};
  const bearers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createStartedTestApp();
    const platform = await t.app.services.platform.resolve({ host: 'localhost' });
    const org = await insertOrganisation(t.database.db, { platformId: platform.id, name: 'Org' });
    const project = await insertProject(t.database.db, {
      platformId: platform.id,
      organisationId: org.id,
      name: 'Shop',
    });
    projectId = project.id;
    for (const [name, role] of [
      ['olivia', 'owner'],
      ['mia', 'member'],
      ['felix', 'finance'],
      ['stranger', null],
    ] as const) {
      const user = await createUser(t, `${name}@example.com`);
      ids[name] = user.id;
      if (role) await t.database.db.transaction((tx) => addMember(tx, projectId, user.id, role));
      const browser = await signInAs(t, `${name}@example.com`);
      bearers[name] = (await browser.post(`${USER_API}/token`)).json().token;
    }
  });
  afterAll(() => t.close());

  const enforce = (who: string, user: string, permissions: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/enforcer/enforce',
      headers: { authorization: `Bearer ${bearers[who]}` },
      payload: { project: projectId, user: ids[user], permissions },
    });

  it('grants the owner everything asked, naming the role that grants it', async () => {
    const res = await enforce('olivia', 'olivia', ['projects.delete', 'billing.manage']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      permissions: { granted: ['projects.delete', 'billing.manage'], denied: [] },
      resolutions: {
        roles: [
          { id: builtInRole('owner').id, key: 'owner', name: 'Owner', grants: ['projects.delete', 'billing.manage'] },
        ],
      },
    });
  });

  it('denies a member billing with 403 that still carries the lists and resolutions', async () => {
    const res = await enforce('mia', 'mia', ['chat.write', 'billing.read']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PERMISSION_DENIED',
      permissions: { granted: ['chat.write'], denied: ['billing.read'] },
      resolutions: { roles: [{ key: 'member', grants: ['chat.write'] }] },
    });
  });

  it('still names the roles when the decision comes from the cache', async () => {
    const first = (await enforce('mia', 'mia', ['chat.write'])).json();
    const cached = (await enforce('mia', 'mia', ['chat.write'])).json();
    expect(cached).toEqual(first);
    expect(cached.resolutions.roles).toMatchObject([{ key: 'member', grants: ['chat.write'] }]);
  });

  it('grants Finance billing', async () => {
    expect((await enforce('felix', 'felix', ['billing.read', 'billing.manage'])).statusCode).toBe(200);
  });

  it('denies everything to someone outside the project', async () => {
    const res = await enforce('stranger', 'stranger', ['projects.read']);
    expect(res.statusCode).toBe(403);
    expect(res.json().resolutions.roles).toEqual([]);
  });

  it("checks another member's access only for those who may see members", async () => {
    expect((await enforce('olivia', 'mia', ['billing.read'])).json().permissions.denied).toEqual(['billing.read']);
    const stranger = await enforce('stranger', 'mia', ['billing.read']);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('FORBIDDEN');
  });

  it('refuses unknown permissions and anonymous callers', async () => {
    expect((await enforce('olivia', 'olivia', ['billing.steal'])).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/enforcer/enforce', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the catalogue with descriptions', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/enforcer/permissions',
      headers: { authorization: `Bearer ${bearers.mia}` },
    });
    expect(list.json()).toContainEqual({
      key: 'billing.read',
      description: 'See plans, invoices, transactions, wallets and payment methods',
    });
    const one = await t.app.inject({
      method: 'GET',
      url: '/v1/enforcer/permissions/nope',
      headers: { authorization: `Bearer ${bearers.mia}` },
    });
    expect(one.statusCode).toBe(404);
  });

  it('caches decisions 10 seconds per project, user and permission, and forgets a project on invalidation', async () => {
    let now = 0;
    const resolver = new PermissionResolver(t.database.db, () => now);
    expect(await resolver.has(projectId, ids.mia!, 'billing.read')).toBe(false);
    // Mia is made Finance behind the cache's back.
    await t.database.db
      .insert(roleAssignments)
      .values({ projectId, userId: ids.mia!, roleId: builtInRole('finance').id });
    now = 9_999;
    expect(await resolver.has(projectId, ids.mia!, 'billing.read')).toBe(false);
    now = 10_000;
    expect(await resolver.has(projectId, ids.mia!, 'billing.read')).toBe(true);

    await t.database.db
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.userId, ids.mia!), eq(roleAssignments.roleId, builtInRole('finance').id)));
    expect(await resolver.has(projectId, ids.mia!, 'billing.read')).toBe(true);
    resolver.invalidateProject(projectId);
    expect(await resolver.has(projectId, ids.mia!, 'billing.read')).toBe(false);
  });
});
