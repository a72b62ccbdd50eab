import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { builtInRole } from './built-in-roles.js';
import { addMember } from './service.js';

describe('roles in /v1/enforcer', () => {
  let t: TestApp;
  let owner: BearerUser;
  let admin: BearerUser;
  let mia: BearerUser;
  let projectId: string;
  const finance = builtInRole('finance').id;
  const ownerRole = builtInRole('owner').id;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    admin = await bearerUser(t, 'admin@example.com');
    mia = await bearerUser(t, 'mia@example.com');
    projectId = (await createProjectAs(owner)).id;
    await t.database.db.transaction(async (tx) => {
      await addMember(tx, projectId, admin.user.id, 'admin');
      await addMember(tx, projectId, mia.user.id, 'member');
    });
  });
  afterAll(() => t.close());

  const at = (path: string) => `/v1/enforcer${path}?project=${projectId}`;

  it('lists the built-in roles with their permissions', async () => {
    const roles = (await mia.call('GET', at('/roles'))).json();
    expect(roles.map((r: { key: string }) => r.key).sort()).toEqual(['admin', 'finance', 'member', 'owner', 'viewer']);
    const fin = (await mia.call('GET', at(`/roles/${finance}`))).json();
    expect(fin).toMatchObject({ key: 'finance', builtIn: true, permissions: expect.arrayContaining(['billing.read']) });
    expect((await mia.call('GET', at('/roles/00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });

  it('assigns and unassigns, and the permissions follow at once', async () => {
    const permissions = async () =>
      (await owner.call('GET', at(`/users/${mia.user.id}/permissions`))).json() as string[];
    expect(await permissions()).not.toContain('billing.read');
    expect((await owner.call('PUT', at(`/roles/${finance}/users/${mia.user.id}`))).statusCode).toBe(204);
    expect(await permissions()).toContain('billing.read');
    expect((await owner.call('GET', at(`/roles/${finance}/users`))).json()).toEqual([
      { id: mia.user.id, email: 'mia@example.com' },
    ]);
    expect(
      (await owner.call('GET', at(`/users/${mia.user.id}/roles`))).json().map((r: { key: string }) => r.key),
    ).toEqual(['finance', 'member']);
    expect((await owner.call('DELETE', at(`/roles/${finance}/users/${mia.user.id}`))).statusCode).toBe(204);
    expect(await permissions()).not.toContain('billing.read');
    expect((await owner.call('DELETE', at(`/roles/${finance}/users/${mia.user.id}`))).json().code).toBe(
      'ROLE_NOT_HELD',
    );
  });

  it('offers as assignable only roles within what the caller holds', async () => {
    const keys = async (who: BearerUser) =>
      ((await who.call('GET', at(`/users/${mia.user.id}/roles/assignable`))).json() as { key: string }[])
        .map((r) => r.key)
        .sort();
    expect(await keys(owner)).toEqual(['admin', 'finance', 'member', 'owner', 'viewer']);
    expect(await keys(admin)).toEqual(['admin', 'finance', 'member', 'viewer']);
    expect((await admin.call('PUT', at(`/roles/${ownerRole}/users/${mia.user.id}`))).json().code).toBe(
      'ROLE_NOT_ASSIGNABLE',
    );
  });

  it('keeps the last owner', async () => {
    const res = await owner.call('DELETE', at(`/roles/${ownerRole}/users/${owner.user.id}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LAST_OWNER');
  });

  it('refuses roles for someone outside the project, and calls without a project', async () => {
    const outsider = await bearerUser(t, 'outsider@example.com');
    expect((await owner.call('PUT', at(`/roles/${finance}/users/${outsider.user.id}`))).json().code).toBe(
      'MEMBER_NOT_FOUND',
    );
    expect((await owner.call('GET', '/v1/enforcer/roles')).statusCode).toBe(400);
  });
});
