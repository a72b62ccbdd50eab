import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { signInAs, USER_API } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { openSocket } from '../../test/realtime.js';
import { addMembers } from '../access/testing.js';
import { makeAdmin, setUserFields } from '../accounts/testing.js';
import { recipientsOf } from './notify.js';

interface Shown {
  title: string;
  body: string | null;
  projectId: string | null;
  action: { route?: { name: string; query: Record<string, string> } } | null;
}

describe('who hears of a new message (recipientsOf)', () => {
  const message = { id: 'm', authorId: 'author', text: 'hi', mentions: ['mentioned', 'stranger', 'author'] };
  const member = (userId: string, notify: 'all' | 'mentions' | 'none' = 'all', muted = false) => ({
    userId,
    notify,
    muted,
  });
  const members = [
    member('author'),
    member('mentioned', 'mentions'),
    member('quiet', 'none'),
    member('muted', 'all', true),
    member('everything', 'all'),
    member('onlyMentions', 'mentions'),
  ];
  const heard = (kind: 'open' | 'private' | 'direct' | 'support', byStaff = false) =>
    Object.fromEntries(recipientsOf({ kind }, message, members, byStaff));

  it('tells the mentioned in any channel, also one who never joined an open one, never the author', () => {
    expect(heard('open')).toEqual({ mentioned: 'mention', stranger: 'mention' });
    expect(heard('private')).toEqual({ mentioned: 'mention', stranger: 'mention' });
  });

  it('tells every member set to all in a direct conversation, and in support when the staff answer', () => {
    expect(heard('direct')).toEqual({ mentioned: 'mention', stranger: 'mention', everything: 'direct' });
    expect(heard('support', true)).toEqual({ mentioned: 'mention', stranger: 'mention', everything: 'support' });
    expect(heard('support', false)).toEqual({ mentioned: 'mention', stranger: 'mention' });
  });

  it('tells nobody muted or set to none, even when mentioned', () => {
    const mentionedAll = { ...message, mentions: ['quiet', 'muted'] };
    expect(recipientsOf({ kind: 'direct' }, mentionedAll, members, false).has('quiet')).toBe(false);
    expect(recipientsOf({ kind: 'direct' }, mentionedAll, members, false).has('muted')).toBe(false);
  });
});

describe('chat notifications and staff replies', () => {
  let t: TestApp;
  let owner: BearerUser;
  let alice: BearerUser;
  let bob: BearerUser;
  let staff: BearerUser;
  let project: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    alice = await bearerUser(t, 'alice@example.com');
    bob = await bearerUser(t, 'bob@example.com');
    staff = await bearerUser(t, 'staff@example.com');
    await makeAdmin(t.database.db, { id: staff.user.id });
    project = (await createProjectAs(owner, 'Shop')).id;
    await addMembers(t.database.db, project, [alice.user.id, bob.user.id], 'member');
    await setUserFields(t.database.db, { id: alice.user.id }, { firstName: 'Alice', lastName: 'Liddell' });
  });
  afterAll(() => t.close());

  const notificationsOf = async (email: string): Promise<Shown[]> => {
    const browser = await signInAs(t, email);
    return ((await browser.get(`${USER_API}/notifications?pageSize=100`)).json() as { items: Shown[] }).items;
  };
  const createChannel = async (as: BearerUser, body: object) => {
    const res = await as.call('POST', `/v1/chat/channels?project=${project}`, body);
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const post = (as: BearerUser, channelId: string, body: object) =>
    as.call('POST', `/v1/chat/channels/${channelId}/messages?project=${project}`, body);

  it('notifies a mentioned member with who, where and the start of the message, opening it on the message', async () => {
    const channel = await createChannel(owner, { kind: 'open', name: 'general' });
    const bobsSocket = await openSocket(t, { token: bob.authorization().slice(7) });
    const text = `Could you check the parcel for order 1042? ${'Long words. '.repeat(30)}`;
    const res = await post(alice, channel, { text, mentions: [bob.user.id] });
    expect(res.statusCode).toBe(201);
    const messageId = (res.json() as { id: string }).id;

    const [shown, ...others] = await notificationsOf('bob@example.com');
    expect(others).toEqual([]);
    expect(shown).toMatchObject({
      title: 'Alice Liddell mentioned you in general',
      // In the project's group (its tab of the panel), to Bob alone.
      projectId: project,
      action: { route: { name: 'chat.index', query: { project, channel, message: messageId } } },
    });
    expect(shown!.body).toHaveLength(200);
    expect(shown!.body!.startsWith('Could you check the parcel for order 1042?')).toBe(true);
    expect(await notificationsOf('owner@example.com')).toEqual([]);
    expect(await notificationsOf('alice@example.com')).toEqual([]);
    // The socket hears it on its own topic, so the bell can ring without polling.
    expect(await bobsSocket.next('event', (frame) => frame.topic === `user:${bob.user.id}`)).toMatchObject({
      data: { kind: 'notification', channelId: channel, messageId },
    });
    bobsSocket.close();
  });

  it('notifies the other side of a direct conversation, and nobody who muted it or asked for none', async () => {
    const direct = await createChannel(alice, { kind: 'direct', users: [bob.user.id, owner.user.id] });
    const mute = await owner.call('PATCH', `/v1/chat/users/${owner.user.id}/subscriptions/${direct}`, { muted: true });
    expect(mute.statusCode).toBe(200);
    const before = (await notificationsOf('owner@example.com')).length;
    expect((await post(alice, direct, { text: 'Lunch?', mentions: [owner.user.id] })).statusCode).toBe(201);
    // The test clock stands still: notifications are told apart by what they say, not their order.
    expect(await notificationsOf('bob@example.com')).toContainEqual(
      expect.objectContaining({ title: 'Alice Liddell sent you a message', body: 'Lunch?' }),
    );
    expect(await notificationsOf('owner@example.com')).toHaveLength(before);

    const none = await bob.call('PATCH', `/v1/chat/users/${bob.user.id}/subscriptions/${direct}`, { notify: 'none' });
    expect(none.statusCode).toBe(200);
    const bobsBefore = (await notificationsOf('bob@example.com')).length;
    await post(alice, direct, { text: 'Still hungry', mentions: [bob.user.id] });
    expect(await notificationsOf('bob@example.com')).toHaveLength(bobsBefore);
  });

  it('lets platform staff answer a project’s support conversation, notifying its members; not other channels', async () => {
    const support = await createChannel(alice, { kind: 'support' });
    expect((await post(alice, support, { text: 'Our invoice looks wrong' })).statusCode).toBe(201);
    expect(await notificationsOf('staff@example.com')).toEqual([]);

    const reply = await post(staff, support, { text: 'We are looking at it now.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ author: { id: staff.user.id }, text: 'We are looking at it now.' });
    expect(await notificationsOf('alice@example.com')).toContainEqual(
      expect.objectContaining({ title: 'Support replied to your conversation', body: 'We are looking at it now.' }),
    );

    const open = await createChannel(owner, { kind: 'open', name: 'team only' });
    const refused = await post(staff, open, { text: 'hello?' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    // A support channel named under another project is not there either.
    const elsewhere = await createProjectAs(owner, 'Elsewhere');
    const wrongProject = await staff.call('POST', `/v1/chat/channels/${support}/messages?project=${elsewhere.id}`, {
      text: 'misfiled',
    });
    expect(wrongProject.statusCode).toBe(404);
  });

  it('refuses a member without chat.write, and tells nobody', async () => {
    const viewer = await bearerUser(t, 'viewer@example.com');
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    const channel = await createChannel(owner, { kind: 'open', name: 'read only' });
    const res = await post(viewer, channel, { text: 'hi', mentions: [owner.user.id] });
    expect(res.statusCode).toBe(403);
    expect(await notificationsOf('owner@example.com')).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ body: 'hi' })]),
    );
  });
});
