import { permissions } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { makeAdmin } from '../accounts/testing.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { builtInRole } from './built-in-roles.js';
import { roles } from './schema.js';
import { addMember, syncBuiltInRoles } from './service.js';

describe('built-in roles and permissions for platform admins', () => {
  let t: TestApp;
  let boss: BearerUser;
  let owner: BearerUser;
  let mia: BearerUser;
  let projectId: string;
  const ownerRole = builtInRole('owner').id;
  const viewer = builtInRole('viewer').id;
  const finance = builtInRole('finance').id;

  beforeAll(async () => {
    t = await createStartedTestApp();
    boss = await bearerUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { email: 'boss@example.com' });
    owner = await bearerUser(t, 'owner@example.com');
    mia = await bearerUser(t, 'mia@example.com');
    projectId = (await createProjectAs(owner)).id;
    await addMember(t.database.db, projectId, mia.user.id, 'viewer');
  });
  afterAll(() => t.close());

  const admin = (path: string) => `/v1/enforcer/admin${path}`;
  const inProject = (path: string) => `${admin(path)}?project=${projectId}`;
  const successes = async (operationId: string) => auditEntries(t.database.db, { operationId, result: 'success' });
  const miaGranted = async (asked: string[]) =>
    (
      await mia.call('POST', '/v1/enforcer/enforce', { project: projectId, user: mia.user.id, permissions: asked })
    ).json().permissions.granted as string[];

  it('refuses everyone but platform admins', async () => {
    const calls: [string, string, object?][] = [
      ['GET', admin('/roles')],
      ['GET', admin(`/roles/${viewer}`)],
      ['PATCH', admin(`/roles/${viewer}`), { name: 'Reader' }],
      ['PUT', inProject(`/roles/${finance}/users/${mia.user.id}`)],
      ['DELETE', inProject(`/roles/${viewer}/users/${mia.user.id}`)],
      ['GET', admin('/permissions')],
      ['GET', admin('/permissions/billing.read')],
      ['PATCH', admin('/permissions/billing.read'), { roles: ['owner', 'viewer'] }],
    ];
    for (const [method, url, body] of calls) {
      // The project's owner is no platform admin.
      const res = await owner.call(method, url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
    }
    expect(await successes('updateRoleAdmin')).toEqual([]);
  });

  it('lists and reads the built-in roles only', async () => {
    const roles = (await boss.call('GET', admin('/roles'))).json();
    expect(roles.map((r: { key: string }) => r.key)).toEqual(['owner', 'admin', 'member', 'finance', 'viewer']);
    expect((await boss.call('GET', admin(`/roles/${finance}`))).json()).toMatchObject({
      key: 'finance',
      builtIn: true,
    });
    const custom = (
      await owner.call('POST', `/v1/enforcer/roles?project=${projectId}`, { name: 'Packers', permissions: [] })
    ).json();
    expect((await boss.call('GET', admin(`/roles/${custom.id}`))).statusCode).toBe(404);
    expect((await boss.call('PATCH', admin(`/roles/${custom.id}`), { name: 'Mine' })).statusCode).toBe(404);
  });

  it('changes a built-in role in every project at once, audited', async () => {
    expect(await miaGranted(['billing.read'])).toEqual([]);
    const res = await boss.call('PATCH', admin(`/roles/${viewer}`), {
      name: 'Reader',
      permissions: [...builtInRole('viewer').permissions, 'billing.read'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key: 'viewer',
      name: 'Reader',
      permissions: expect.arrayContaining(['billing.read']),
    });
    // The cached denial was dropped: no 10-second stale answer.
    expect(await miaGranted(['billing.read'])).toEqual(['billing.read']);
    const [entry] = await successes('updateRoleAdmin');
    expect(entry).toMatchObject({ target: `role:${viewer}`, actorUserId: boss.user.id, projectId: null });
    expect(entry!.details).toMatchObject({ key: 'viewer', name: { from: 'Viewer', to: 'Reader' } });

    // A restart syncs the built-in roles from code, but keeps what an admin changed.
    await syncBuiltInRoles(t.database.db);
    const [kept] = await t.database.db.select().from(roles).where(eq(roles.id, viewer));
    expect(kept).toMatchObject({ name: 'Reader', permissions: expect.arrayContaining(['billing.read']) });
    const [untouched] = await t.database.db.select().from(roles).where(eq(roles.id, finance));
    expect(untouched).toMatchObject({ name: 'Finance', customisedAt: null });
  });

  it('keeps every permission in the owner role', async () => {
    const res = await boss.call('PATCH', admin(`/roles/${ownerRole}`), {
      permissions: permissions.filter((p) => p !== 'projects.delete'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OWNER_KEEPS_ALL', message: expect.stringContaining('projects.delete') });
    const dropped = await boss.call('PATCH', admin('/permissions/audit.read'), { roles: ['admin'] });
    expect(dropped.json().code).toBe('OWNER_KEEPS_ALL');
    // Renaming the owner role is fine; its permissions stay whole.
    expect((await boss.call('PATCH', admin(`/roles/${ownerRole}`), { name: 'Proprietor' })).statusCode).toBe(200);
    expect((await boss.call('GET', admin(`/roles/${ownerRole}`))).json().permissions).toEqual(permissions);
    expect(await successes('updatePermissionAdmin')).toEqual([]);
  });

  it('shows and chooses the built-in roles granting a permission', async () => {
    const listed = (await boss.call('GET', admin('/permissions'))).json();
    expect(listed.map((p: { key: string }) => p.key)).toEqual(permissions);
    expect((await boss.call('GET', admin('/permissions/integrations.manage'))).json()).toMatchObject({
      key: 'integrations.manage',
      description: expect.any(String),
      roles: ['owner', 'admin'],
    });
    expect((await boss.call('GET', admin('/permissions/no.such'))).json().code).toBe('PERMISSION_NOT_FOUND');

    expect(await miaGranted(['integrations.manage'])).toEqual([]);
    const res = await boss.call('PATCH', admin('/permissions/integrations.manage'), {
      roles: ['owner', 'viewer', 'viewer'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().roles).toEqual(['owner', 'viewer']);
    expect(await miaGranted(['integrations.manage'])).toEqual(['integrations.manage']);
    expect((await boss.call('GET', admin(`/roles/${builtInRole('admin').id}`))).json().permissions).not.toContain(
      'integrations.manage',
    );
    const [entry] = await successes('updatePermissionAdmin');
    expect(entry).toMatchObject({ target: 'permission:integrations.manage', actorUserId: boss.user.id });
    expect(entry!.details).toEqual({ added: ['viewer'], removed: ['admin'] });
  });

  it('assigns and unassigns in any project, and keeps the last owner', async () => {
    expect((await boss.call('PUT', inProject(`/roles/${finance}/users/${mia.user.id}`))).statusCode).toBe(204);
    expect(await miaGranted(['billing.manage'])).toEqual(['billing.manage']);
    expect((await boss.call('DELETE', inProject(`/roles/${finance}/users/${mia.user.id}`))).statusCode).toBe(204);
    expect(await miaGranted(['billing.manage'])).toEqual([]);
    const last = await boss.call('DELETE', inProject(`/roles/${ownerRole}/users/${owner.user.id}`));
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_OWNER');
    const outsider = await bearerUser(t, 'outsider@example.com');
    expect((await boss.call('PUT', inProject(`/roles/${finance}/users/${outsider.user.id}`))).json().code).toBe(
      'MEMBER_NOT_FOUND',
    );
    expect((await successes('assignRoleAdmin')).map((e) => [e.projectId, e.target])).toEqual([
      [projectId, `user:${mia.user.id}`],
    ]);
    expect(await successes('unassignRoleAdmin')).toHaveLength(1);
  });
});
