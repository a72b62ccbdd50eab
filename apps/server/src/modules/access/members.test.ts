import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMember } from './service.js';

describe('project members', () => {
  let t: TestApp;
  let owner: BearerUser;
  let admin: BearerUser;
  let mia: BearerUser;
  let projectId: string;

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

  const url = (user?: string) => `/v1/projects/${projectId}/users${user ? `/${user}` : ''}`;
  const canReadBilling = async () =>
    (
      await mia.call('POST', '/v1/enforcer/enforce', {
        project: projectId,
        user: mia.user.id,
        permissions: ['billing.read'],
      })
    ).statusCode;

  it('lists members with their roles by email, searchable and paged', async () => {
    const all = (await mia.call('GET', url())).json();
    expect(
      all.items.map((m: { user: { email: string }; roles: string[] }) => `${m.user.email}:${m.roles.join('+')}`),
    ).toEqual(['admin@example.com:admin', 'mia@example.com:member', 'owner@example.com:owner']);
    const first = (await mia.call('GET', `${url()}?pageSize=2`)).json();
    const second = (await mia.call('GET', `${url()}?pageSize=2&pageToken=${first.nextPageToken}`)).json();
    expect(second.items.map((m: { user: { email: string } }) => m.user.email)).toEqual(['owner@example.com']);
    expect(second.nextPageToken).toBeNull();
    expect((await mia.call('GET', `${url()}?search=MIA`)).json().items).toHaveLength(1);
    expect((await mia.call('GET', `${url()}?search=%25`)).json().items).toHaveLength(0);
  });

  it('gives Finance, and the cached decision follows at once', async () => {
    expect(await canReadBilling()).toBe(403);
    const res = await owner.call('PATCH', url(mia.user.id), { roles: ['member', 'finance'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['finance', 'member']);
    expect(await canReadBilling()).toBe(200);
    await owner.call('PATCH', url(mia.user.id), { roles: ['member'] });
    expect(await canReadBilling()).toBe(403);
  });

  it('keeps the last owner: not demoted, not removed', async () => {
    const demote = await owner.call('PATCH', url(owner.user.id), { roles: ['admin'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_OWNER');
    expect((await owner.call('DELETE', url(owner.user.id))).json().code).toBe('LAST_OWNER');
    // With a second owner, the first may step down.
    await owner.call('PATCH', url(admin.user.id), { roles: ['owner'] });
    expect((await owner.call('PATCH', url(owner.user.id), { roles: ['admin'] })).statusCode).toBe(200);
    await admin.call('PATCH', url(owner.user.id), { roles: ['owner'] });
    await owner.call('PATCH', url(admin.user.id), { roles: ['admin'] });
  });

  it('lets nobody give or take a role beyond what they hold', async () => {
    const promote = await admin.call('PATCH', url(mia.user.id), { roles: ['owner'] });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('ROLE_NOT_ASSIGNABLE');
    expect((await admin.call('DELETE', url(owner.user.id))).json().code).toBe('ROLE_NOT_ASSIGNABLE');
    expect((await mia.call('PATCH', url(mia.user.id), { roles: ['admin'] })).statusCode).toBe(403);
  });

  it("gives and takes the project's custom roles by key, and refuses a role the project doesn't have", async () => {
    const created = await owner.call('POST', `/v1/enforcer/roles?project=${projectId}`, {
      name: 'Packer',
      permissions: ['projects.read', 'billing.read'],
    });
    expect(created.statusCode).toBe(201);
    const key: string = created.json().key;
    const given = await owner.call('PATCH', url(mia.user.id), { roles: ['member', key] });
    expect(given.statusCode).toBe(200);
    expect(given.json().roles).toEqual([key, 'member']);
    expect(await canReadBilling()).toBe(200);
    const unknown = await owner.call('PATCH', url(mia.user.id), { roles: ['custom:nobody'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('ROLE_NOT_FOUND');
    expect((await owner.call('GET', url(mia.user.id))).json().roles).toEqual([key, 'member']);
    expect((await owner.call('PATCH', url(mia.user.id), { roles: ['member'] })).json().roles).toEqual(['member']);
    expect(await canReadBilling()).toBe(403);
  });

  it('removes a member, who then has no access', async () => {
    expect((await admin.call('DELETE', url(mia.user.id))).statusCode).toBe(204);
    expect((await mia.call('GET', `/v1/projects/${projectId}`)).statusCode).toBe(403);
    expect((await owner.call('GET', url(mia.user.id))).json().code).toBe('MEMBER_NOT_FOUND');
  });
});
