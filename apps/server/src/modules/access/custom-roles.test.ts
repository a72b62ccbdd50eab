import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { builtInRole } from './built-in-roles.js';
import { slugOf } from './custom-roles.js';
import { addMember } from './service.js';

describe("a project's own roles in /v1/enforcer", () => {
  let t: TestApp;
  let owner: BearerUser;
  let admin: BearerUser;
  let sam: BearerUser;
  let projectId: string;
  const viewer = builtInRole('viewer').id;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    admin = await bearerUser(t, 'admin@example.com');
    sam = await bearerUser(t, 'sam@example.com');
    projectId = (await createProjectAs(owner)).id;
    await t.database.db.transaction(async (tx) => {
      await addMember(tx, projectId, admin.user.id, 'admin');
      await addMember(tx, projectId, sam.user.id, 'viewer');
    });
  });
  afterAll(() => t.close());

  const at = (path: string, project = projectId) => `/v1/enforcer${path}?project=${project}`;
  const successes = async (operationId: string) => auditEntries(t.database.db, { operationId, result: 'success' });
  const create = (who: BearerUser, body: object, project = projectId) => who.call('POST', at('/roles', project), body);
  /** What sam is granted of `permissions`, through POST /v1/enforcer/enforce. */
  const samGranted = async (permissions: string[]) =>
    (await sam.call('POST', '/v1/enforcer/enforce', { project: projectId, user: sam.user.id, permissions })).json()
      .permissions.granted as string[];

  it('creates, edits and deletes a role; its holders get exactly its permissions, at once', async () => {
    const created = await create(owner, {
      name: 'Support desk',
      description: 'Answers customers.',
      permissions: ['chat.write', 'members.read', 'chat.write'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({
      key: 'custom:support-desk',
      name: 'Support desk',
      description: 'Answers customers.',
      permissions: ['members.read', 'chat.write'],
      builtIn: false,
    });
    expect((await owner.call('GET', at('/roles'))).json().map((r: { key: string }) => r.key)).toContain(role.key);
    expect((await owner.call('GET', at(`/roles/${role.id}`))).json()).toEqual(role);

    // Sam holds only the new role: exactly its permissions, and the role shows as the reason.
    expect((await owner.call('PUT', at(`/roles/${role.id}/users/${sam.user.id}`))).statusCode).toBe(204);
    expect((await owner.call('DELETE', at(`/roles/${viewer}/users/${sam.user.id}`))).statusCode).toBe(204);
    const decision = await sam.call('POST', '/v1/enforcer/enforce', {
      project: projectId,
      user: sam.user.id,
      permissions: ['chat.write', 'members.read', 'chat.read', 'billing.read'],
    });
    expect(decision.statusCode).toBe(403);
    expect(decision.json()).toMatchObject({
      permissions: { granted: ['chat.write', 'members.read'], denied: ['chat.read', 'billing.read'] },
      resolutions: { roles: [{ id: role.id, key: role.key, grants: ['chat.write', 'members.read'] }] },
    });

    // The decision is cached now; an edit drops it rather than leaving it stale for 10 s.
    expect(await samGranted(['chat.write', 'chat.read'])).toEqual(['chat.write']);
    const edited = await owner.call('PATCH', at(`/roles/${role.id}`), {
      name: 'Support & Care',
      permissions: ['chat.read', 'members.read'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      key: 'custom:support-care',
      name: 'Support & Care',
      description: 'Answers customers.',
      permissions: ['members.read', 'chat.read'],
    });
    expect(await samGranted(['chat.write', 'chat.read'])).toEqual(['chat.read']);

    // Deleting takes it from sam, who stays a member with no role.
    expect((await owner.call('DELETE', at(`/roles/${role.id}`))).statusCode).toBe(204);
    expect(await samGranted(['chat.read', 'members.read'])).toEqual([]);
    expect((await owner.call('GET', at(`/roles/${role.id}`))).statusCode).toBe(404);
    const member = (await owner.call('GET', at(`/users/${sam.user.id}`))).json();
    expect(member).toMatchObject({ roles: [], permissions: [] });
    await owner.call('PUT', at(`/roles/${viewer}/users/${sam.user.id}`));

    const audited = [
      ...(await successes('createRole')),
      ...(await successes('updateRole')),
      ...(await successes('deleteRole')),
    ];
    expect(audited.map((e) => [e.operationId, e.target, e.projectId, e.actorUserId])).toEqual([
      ['createRole', `role:${role.id}`, projectId, owner.user.id],
      ['updateRole', `role:${role.id}`, projectId, owner.user.id],
      ['deleteRole', `role:${role.id}`, projectId, owner.user.id],
    ]);
    expect(audited[2]!.details).toMatchObject({ key: 'custom:support-care', takenFrom: [sam.user.id] });
  });

  it('offers and assigns custom roles like built-in ones, within what the caller holds', async () => {
    const role = (await create(owner, { name: 'Deleter', permissions: ['projects.delete'] })).json();
    const assignable = async (who: BearerUser) =>
      ((await who.call('GET', at(`/users/${sam.user.id}/roles/assignable`))).json() as { key: string }[]).map(
        (r) => r.key,
      );
    expect(await assignable(owner)).toContain('custom:deleter');
    expect(await assignable(admin)).not.toContain('custom:deleter');
    expect((await admin.call('PUT', at(`/roles/${role.id}/users/${sam.user.id}`))).json().code).toBe(
      'ROLE_NOT_ASSIGNABLE',
    );
    expect((await owner.call('PUT', at(`/roles/${role.id}/users/${sam.user.id}`))).statusCode).toBe(204);
    expect(
      (await owner.call('GET', at(`/users/${sam.user.id}/roles`))).json().map((r: { key: string }) => r.key),
    ).toContain('custom:deleter');
    expect((await owner.call('GET', at(`/roles/${role.id}/users`))).json()).toEqual([
      { id: sam.user.id, email: 'sam@example.com' },
    ]);
    expect((await owner.call('DELETE', at(`/roles/${role.id}/users/${sam.user.id}`))).statusCode).toBe(204);
  });

  it('never lets anyone put, change or remove permissions they do not hold, and audits no success', async () => {
    const before = (await successes('createRole')).length;
    const refused = await create(admin, { name: 'Wrecker', permissions: ['projects.read', 'projects.delete'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PERMISSION_NOT_HELD' });
    expect(refused.json().message).toContain('projects.delete');
    expect(refused.json().message).not.toContain('projects.read');

    // A role holding more than the admin cannot be edited or deleted by them either.
    const strong = (await create(owner, { name: 'Strong', permissions: ['projects.delete'] })).json();
    expect((await admin.call('PATCH', at(`/roles/${strong.id}`), { permissions: [] })).statusCode).toBe(403);
    expect((await admin.call('DELETE', at(`/roles/${strong.id}`))).statusCode).toBe(403);
    // Someone without roles.manage is stopped at the door.
    expect((await create(sam, { name: 'Mine', permissions: [] })).statusCode).toBe(403);

    expect(await successes('createRole')).toHaveLength(before + 1);
    expect(await successes('updateRole')).toHaveLength(1);
    expect(await successes('deleteRole')).toHaveLength(1);
    const failures = await auditEntries(t.database.db, { operationId: 'createRole', result: 'failure' });
    expect(failures.map((f) => f.status)).toEqual([403, 403]);
  });

  it('keeps names unique per project, built-in names included', async () => {
    const first = (await create(owner, { name: 'Packers', permissions: [] })).json();
    const audited = (await successes('createRole')).length + (await successes('updateRole')).length;
    const clash = await create(owner, { name: '  packers ', permissions: [] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'ROLE_EXISTS', message: expect.stringContaining('packers') });
    expect((await create(owner, { name: 'Owner', permissions: [] })).json().code).toBe('ROLE_EXISTS');
    const other = (await create(owner, { name: 'Shippers', permissions: [] })).json();
    expect((await owner.call('PATCH', at(`/roles/${other.id}`), { name: 'PACKERS' })).json().code).toBe('ROLE_EXISTS');
    // The clashing writes rolled back with their audit entries: only Shippers' creation is recorded.
    expect((await successes('createRole')).length + (await successes('updateRole')).length).toBe(audited + 1);
    // Renaming a role to another spelling of its own name is fine.
    expect((await owner.call('PATCH', at(`/roles/${first.id}`), { name: 'PACKERS' })).statusCode).toBe(200);
    // Other projects may use the same name.
    const elsewhere = await bearerUser(t, 'elsewhere@example.com');
    const project = (await createProjectAs(elsewhere, 'Elsewhere')).id;
    expect((await create(elsewhere, { name: 'Packers', permissions: [] }, project)).statusCode).toBe(201);
  });

  it('refuses to change or delete built-in roles here', async () => {
    const ownerRole = builtInRole('owner').id;
    const patched = await owner.call('PATCH', at(`/roles/${ownerRole}`), { name: 'Boss' });
    expect(patched.statusCode).toBe(409);
    expect(patched.json()).toMatchObject({ code: 'ROLE_BUILT_IN' });
    expect((await owner.call('DELETE', at(`/roles/${viewer}`))).json().code).toBe('ROLE_BUILT_IN');
  });

  it("does not know another project's roles", async () => {
    const neighbour = await bearerUser(t, 'neighbour@example.com');
    const project = (await createProjectAs(neighbour, 'Neighbour')).id;
    const theirs = (await create(neighbour, { name: 'Night shift', permissions: ['chat.read'] }, project)).json();
    for (const [method, path] of [
      ['GET', `/roles/${theirs.id}`],
      ['PATCH', `/roles/${theirs.id}`],
      ['DELETE', `/roles/${theirs.id}`],
      ['PUT', `/roles/${theirs.id}/users/${sam.user.id}`],
    ] as const) {
      const res = await owner.call(method, at(path), method === 'PATCH' ? { name: 'Mine now' } : undefined);
      expect([method, res.statusCode, res.json().code]).toEqual([method, 404, 'ROLE_NOT_FOUND']);
    }
    expect((await owner.call('GET', at('/roles'))).json().map((r: { id: string }) => r.id)).not.toContain(theirs.id);
    expect((await neighbour.call('GET', at(`/roles/${theirs.id}`, project))).json().name).toBe('Night shift');
  });

  it('validates names', async () => {
    expect((await create(owner, { name: '!!!', permissions: [] })).statusCode).toBe(400);
    expect((await create(owner, { name: 'x'.repeat(61), permissions: [] })).statusCode).toBe(400);
    expect((await create(owner, { name: 'Fine', permissions: ['no.such'] })).statusCode).toBe(400);
    expect(slugOf('Café Ölçü — Team 2')).toBe('cafe-olcu-team-2');
    expect(slugOf('Склад')).toBe('склад');
  });
});
