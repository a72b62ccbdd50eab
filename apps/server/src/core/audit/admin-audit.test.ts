import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../modules/access/service.js';
import { makeAdmin } from '../../modules/accounts/testing.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';

describe('reading the audit log (platform admins)', () => {
  let t: TestApp;
  let boss: BearerUser;
  let owner: BearerUser;
  let projectId: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    boss = await bearerUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { email: 'boss@example.com' });
    owner = await bearerUser(t, 'owner@example.com');
    t.clock.advance(1000);
    projectId = (await createProjectAs(owner)).id;
    t.clock.advance(1000);
    await owner.call('PATCH', `/v1/projects/${projectId}`, { name: 'Renamed' });
    t.clock.advance(1000);
    await boss.call('PATCH', `/v1/projects/${projectId}`, { name: 'Not mine' });
  });
  afterAll(() => t.close());

  const list = (query: string) => boss.call('GET', `/v1/enforcer/admin/audit?${query}`);

  it("filters by project, newest first, with each entry's actor, result and address", async () => {
    const { items } = (await list(`project=${projectId}`)).json();
    expect(items.map((e: { operationId: string; result: string }) => `${e.operationId}:${e.result}`)).toEqual([
      'updateProject:failure',
      'updateProject:success',
      'createProject:success',
    ]);
    expect(items[1]).toMatchObject({
      actorUserId: owner.user.id,
      actorKind: 'user',
      ip: '127.0.0.1',
      target: `project:${projectId}`,
    });
    expect(items[0]).toMatchObject({ status: 403, actorUserId: boss.user.id });
  });

  it('filters by actor, operation, result and time, and pages', async () => {
    expect((await list(`actor=${owner.user.id}&operation=updateProject`)).json().items).toHaveLength(1);
    expect((await list(`project=${projectId}&result=failure`)).json().items).toHaveLength(1);
    const start = new Date(t.clock.now().getTime() - 1500).toISOString();
    expect((await list(`project=${projectId}&start=${encodeURIComponent(start)}`)).json().items).toHaveLength(2);
    const first = (await list(`project=${projectId}&pageSize=2`)).json();
    const rest = (await list(`project=${projectId}&pageSize=2&pageToken=${first.nextPageToken}`)).json();
    expect(rest.items.map((e: { operationId: string }) => e.operationId)).toEqual(['createProject']);
  });

  it('is for platform admins only', async () => {
    expect((await owner.call('GET', '/v1/enforcer/admin/audit')).statusCode).toBe(403);
  });
});

describe("reading a project's audit log (audit.read)", () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    projectId = (await createProjectAs(owner)).id;
    otherProjectId = (await createProjectAs(member, 'Elsewhere')).id;
    t.clock.advance(1000);
    await owner.call('PATCH', `/v1/projects/${projectId}`, { name: 'Renamed' });
    // The clock is frozen: entries of the same instant have no order between them.
    t.clock.advance(1000);
    await owner.call('POST', `/v1/projects/${projectId}/invites`, { email: 'member@example.com', role: 'member' });
  });
  afterAll(() => t.close());

  it("gives owners their project's entries only, newest first, even when asked for another project", async () => {
    const res = await owner.call('GET', `/v1/projects/${projectId}/audit?project=${otherProjectId}`);
    expect(res.statusCode).toBe(200);
    const items: { operationId: string; projectId: string }[] = res.json().items;
    expect(items.map((e) => e.operationId)).toEqual(['createInvite', 'updateProject', 'createProject']);
    expect(items.every((e) => e.projectId === projectId)).toBe(true);
  });

  it('refuses outsiders, and members without audit.read', async () => {
    expect((await member.call('GET', `/v1/projects/${projectId}/audit`)).statusCode).toBe(403);
    await t.database.db.transaction((tx) => addMember(tx, projectId, member.user.id, 'member'));
    const denied = await member.call('GET', `/v1/projects/${projectId}/audit`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
  });
});
