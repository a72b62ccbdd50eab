import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { signInAs, USER_API } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMember } from './service.js';
import { outboxTo } from '../mail/testing.js';

describe('the invitations API', () => {
  let t: TestApp;
  let owner: BearerUser;
  let admin: BearerUser;
  let member: BearerUser;
  let projectId: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    admin = await bearerUser(t, 'admin@example.com');
    member = await bearerUser(t, 'member@example.com');
    projectId = (await createProjectAs(owner)).id;
    await t.database.db.transaction(async (tx) => {
      await addMember(tx, projectId, admin.user.id, 'admin');
      await addMember(tx, projectId, member.user.id, 'member');
    });
  });
  afterAll(() => t.close());

  const base = () => `/v1/projects/${projectId}/invites`;

  it('invites by email: the mailed link lets the invitee join with the role', async () => {
    const res = await owner.call('POST', base(), { email: 'Teammate@Example.com', role: 'finance' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'teammate@example.com', role: 'finance', status: 'pending' });
    const [mail] = await outboxTo(t.database.db, 'teammate@example.com');
    const token = mail!.text.match(/accept-invite\/([\w-]+)/)![1]!;
    const invitee = await bearerUser(t, 'teammate@example.com');
    const browser = await signInAs(t, 'teammate@example.com');
    expect((await browser.get(`${USER_API}/accept-invite/${token}`)).json()).toMatchObject({
      role: 'finance',
      joined: true,
    });
    const granted = await invitee.call('POST', '/v1/enforcer/enforce', {
      project: projectId,
      user: invitee.user.id,
      permissions: ['billing.read'],
    });
    expect(granted.statusCode).toBe(200);
    expect((await owner.call('GET', base())).json().items[0]).toMatchObject({
      email: 'teammate@example.com',
      status: 'accepted',
    });
  });

  it('never lets anyone give a role with more than they hold', async () => {
    const res = await admin.call('POST', base(), { email: 'new.owner@example.com', role: 'owner' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ROLE_NOT_ASSIGNABLE' });
    expect(res.json().message).toContain('projects.delete');
    expect((await admin.call('POST', base(), { email: 'helper@example.com', role: 'admin' })).statusCode).toBe(201);
    expect((await member.call('POST', base(), { email: 'friend@example.com', role: 'viewer' })).statusCode).toBe(403);
  });

  it('invites with a custom role of the project, as Change role gives one; a rename carries pending invitations', async () => {
    const roles = `/v1/enforcer/roles?project=${projectId}`;
    const created = await owner.call('POST', roles, {
      name: 'Night shift',
      permissions: ['projects.read', 'chat.write'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as { id: string; key: string };
    const res = await owner.call('POST', base(), { email: 'night@example.com', role: role.key });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ role: role.key, status: 'pending' });

    // Renamed while the invitation waits: it now names the renamed role, and joining gives it.
    const renamed = await owner.call('PATCH', `/v1/enforcer/roles/${role.id}?project=${projectId}`, {
      name: 'Late shift',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const newKey = renamed.json().key as string;
    expect(
      (await owner.call('GET', base())).json().items.find((i: { email: string }) => i.email === 'night@example.com'),
    ).toMatchObject({ role: newKey });
    const [mail] = await outboxTo(t.database.db, 'night@example.com');
    const token = mail!.text.match(/accept-invite\/([\w-]+)/)![1]!;
    const invitee = await bearerUser(t, 'night@example.com');
    const browser = await signInAs(t, 'night@example.com');
    expect((await browser.get(`${USER_API}/accept-invite/${token}`)).json()).toMatchObject({
      role: newKey,
      joined: true,
    });
    const held = await owner.call('GET', `/v1/enforcer/users/${invitee.user.id}/roles?project=${projectId}`);
    expect(held.json().map((r: { key: string }) => r.key)).toEqual([newKey]);

    // Only roles of this project that the inviter could give.
    const unknown = await owner.call('POST', base(), { email: 'x@example.com', role: 'custom:no-such-role' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'ROLE_NOT_FOUND' });
    expect((await member.call('POST', base(), { email: 'y@example.com', role: newKey })).statusCode).toBe(403);
  });

  it('refuses to invite a member, and replaces an earlier pending invitation', async () => {
    expect((await owner.call('POST', base(), { email: 'member@example.com', role: 'viewer' })).json().code).toBe(
      'ALREADY_MEMBER',
    );
    const first = (await owner.call('POST', base(), { email: 'twice@example.com', role: 'viewer' })).json();
    t.clock.advance(1000);
    await owner.call('POST', base(), { email: 'twice@example.com', role: 'member' });
    const listed = (await owner.call('GET', `${base()}?search=twice`)).json().items;
    expect(listed.map((i: { status: string; role: string }) => `${i.role}:${i.status}`)).toEqual([
      'member:pending',
      'viewer:revoked',
    ]);
    expect(listed[1].id).toBe(first.id);
  });

  it('revokes a pending invitation once; its link stops working', async () => {
    const invite = (await owner.call('POST', base(), { email: 'revoked@example.com', role: 'viewer' })).json();
    expect((await owner.call('DELETE', `${base()}/${invite.id}`)).statusCode).toBe(204);
    expect((await owner.call('DELETE', `${base()}/${invite.id}`)).json().code).toBe('INVITE_NOT_PENDING');
    const [mail] = await outboxTo(t.database.db, 'revoked@example.com');
    const token = mail!.text.match(/accept-invite\/([\w-]+)/)![1]!;
    await bearerUser(t, 'revoked@example.com');
    const browser = await signInAs(t, 'revoked@example.com');
    expect((await browser.get(`${USER_API}/accept-invite/${token}`)).json().code).toBe('INVITE_INVALID');
  });

  it('shows expired invitations as expired, and pages newest first', async () => {
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await owner.refresh();
    const first = (await owner.call('GET', `${base()}?pageSize=2`)).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextPageToken).not.toBeNull();
    const rest = (await owner.call('GET', `${base()}?pageSize=50&pageToken=${first.nextPageToken}`)).json();
    const all = [...first.items, ...rest.items];
    expect(new Set(all.map((i: { id: string }) => i.id)).size).toBe(all.length);
    expect(all.some((i: { status: string }) => i.status === 'expired')).toBe(true);
    expect(all.some((i: { status: string }) => i.status === 'pending')).toBe(false);
  });
});
