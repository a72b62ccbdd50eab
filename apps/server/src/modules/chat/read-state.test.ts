import type { Channel, ChannelUser } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMembers } from '../access/testing.js';
import { makeAdmin, setUserFields } from '../accounts/testing.js';
import { chatMembers } from './schema.js';

const CHANNELS = '/v1/chat/channels';
const USERS = '/v1/chat/users';

interface ReadState {
  channelId: string;
  lastReadMessageId: string | null;
  unreadCount: number;
  mentionCount: number;
}
interface Metadata {
  messageId: string;
  readBy: number;
  myReactions: string[];
}

describe('chat read state, subscriptions and people', () => {
  let t: TestApp;
  /** Alice owns the project; Bob and Carol are members; Vic a viewer (chat.read only); Olaf owns another project. */
  let alice: BearerUser;
  let bob: BearerUser;
  let carol: BearerUser;
  let vic: BearerUser;
  let olaf: BearerUser;
  let stranger: BearerUser;
  let admin: BearerUser;
  let project: string;
  let otherProject: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    alice = await bearerUser(t, 'alice@example.com');
    bob = await bearerUser(t, 'bob@example.com');
    carol = await bearerUser(t, 'carol@example.com');
    vic = await bearerUser(t, 'vic@example.com');
    olaf = await bearerUser(t, 'olaf@example.com');
    stranger = await bearerUser(t, 'stranger@example.com');
    admin = await bearerUser(t, 'staff@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    await setUserFields(t.database.db, { id: bob.user.id }, { firstName: 'Bob', lastName: 'Builder' });
    await setUserFields(t.database.db, { id: carol.user.id }, { firstName: null, lastName: null, username: 'carol' });
    project = (await createProjectAs(alice, 'Harbour')).id;
    otherProject = (await createProjectAs(olaf, 'Lighthouse')).id;
    await addMembers(t.database.db, project, [bob.user.id, carol.user.id]);
    await addMembers(t.database.db, project, [vic.user.id], 'viewer');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const createChannel = async (who: BearerUser, body: object, projectId = project) => {
    const res = await who.call('POST', `${CHANNELS}?project=${projectId}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Channel).id;
  };
  const open = (who: BearerUser, name: string, projectId = project) =>
    createChannel(who, { kind: 'open', name, topic: '', users: [] }, projectId);
  const post = async (who: BearerUser, channelId: string, text: string, mentions: string[] = []) => {
    const res = await who.call('POST', `${CHANNELS}/${channelId}/messages?project=${project}`, { text, mentions });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const channelOf = async (who: BearerUser, channelId: string) => {
    const res = await who.call('GET', CHANNELS);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Channel[] }).items.find((item) => item.id === channelId);
  };
  const markRead = (who: BearerUser, marks: { channel: string; message: string }[], userId = who.user.id) =>
    who.call('POST', `${USERS}/${userId}/messages/read`, { marks });
  const markReadOk = async (who: BearerUser, marks: { channel: string; message: string }[]) => {
    const res = await markRead(who, marks);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: ReadState[] }).items;
  };
  const metadata = async (who: BearerUser, messages: string[]) => {
    const res = await who.call('POST', `${USERS}/${who.user.id}/messages/metadata`, { messages });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Metadata[] }).items;
  };
  const channelUserUrl = (channelId: string, userId: string, projectId = project) =>
    `${CHANNELS}/${channelId}/users/${userId}?project=${projectId}`;
  const patchChannelUser = (who: BearerUser, channelId: string, body: object, userId = who.user.id) =>
    who.call('PATCH', channelUserUrl(channelId, userId), body);
  const patchSubscription = (who: BearerUser, channelId: string, body: object, userId = who.user.id) =>
    who.call('PATCH', `${USERS}/${userId}/subscriptions/${channelId}`, body);
  const memberRow = async (channelId: string, userId: string) =>
    (
      await t.database.db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.channelId, channelId), eq(chatMembers.userId, userId)))
    )[0];

  describe('marking read', () => {
    it('moves the unread and mention counts forward, never back; "mark as unread" moves them back', async () => {
      const general = await open(alice, 'general');
      const m1 = await post(bob, general, 'one');
      const m2 = await post(bob, general, 'two @alice', [alice.user.id]);
      const m3 = await post(bob, general, 'three @alice', [alice.user.id]);
      expect(await channelOf(alice, general)).toMatchObject({ unreadCount: 3, mentionCount: 2 });

      expect(await markReadOk(alice, [{ channel: general, message: m2 }])).toEqual([
        { channelId: general, lastReadMessageId: m2, unreadCount: 1, mentionCount: 1 },
      ]);
      expect(await channelOf(alice, general)).toMatchObject({ unreadCount: 1, mentionCount: 1 });

      // An older mark (another tab, another device) does not move it back.
      expect(await markReadOk(alice, [{ channel: general, message: m1 }])).toEqual([
        { channelId: general, lastReadMessageId: m2, unreadCount: 1, mentionCount: 1 },
      ]);

      // Marking as unread does.
      const res = await patchChannelUser(alice, general, { lastReadMessageId: m1 });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ChannelUser).subscription).toMatchObject({
        lastReadMessageId: m1,
        lastReadAt: expect.any(String),
      });
      expect(await channelOf(alice, general)).toMatchObject({ unreadCount: 2, mentionCount: 2 });

      expect(await markReadOk(alice, [{ channel: general, message: m3 }])).toEqual([
        { channelId: general, lastReadMessageId: m3, unreadCount: 0, mentionCount: 0 },
      ]);
    });

    it('marks several channels in one call, and joins an open channel one reads without having joined', async () => {
      const first = await open(alice, 'first');
      const second = await open(alice, 'second');
      const a = await post(alice, first, 'a');
      await post(alice, first, 'b');
      const c = await post(alice, second, 'c');
      expect(await memberRow(first, carol.user.id)).toBeUndefined();
      const states = await markReadOk(carol, [
        { channel: first, message: a },
        { channel: second, message: c },
      ]);
      expect(states).toEqual([
        { channelId: first, lastReadMessageId: a, unreadCount: 1, mentionCount: 0 },
        { channelId: second, lastReadMessageId: c, unreadCount: 0, mentionCount: 0 },
      ]);
      expect(await memberRow(first, carol.user.id)).toMatchObject({ lastReadSeq: 1 });
      expect(await channelOf(carol, first)).toMatchObject({ member: true, unreadCount: 1 });
    });

    it('refuses the whole request when one mark names a channel one may not read, or a message not of it', async () => {
      const general = await open(alice, 'atomic');
      const m1 = await post(bob, general, 'one');
      await post(bob, general, 'two');
      const theirs = await open(olaf, 'theirs', otherProject);
      const theirMessage = (
        (await (
          await olaf.call('POST', `${CHANNELS}/${theirs}/messages?project=${otherProject}`, { text: 'hi' })
        ).json()) as { id: string }
      ).id;
      const secret = await createChannel(bob, { kind: 'private', name: 'secret', topic: '', users: [carol.user.id] });
      const secretMessage = await post(bob, secret, 'psst');
      const before = await memberRow(general, alice.user.id);

      for (const refused of [
        { channel: theirs, message: theirMessage },
        { channel: secret, message: secretMessage },
      ]) {
        const res = await markRead(alice, [{ channel: general, message: m1 }, refused]);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
      }
      // A message of another channel, named with a channel one reads.
      const res = await markRead(alice, [
        { channel: general, message: m1 },
        { channel: theirs === general ? general : await open(alice, 'elsewhere'), message: m1 },
      ]);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });

      expect(await memberRow(general, alice.user.id)).toEqual(before);
      expect(await channelOf(alice, general)).toMatchObject({ unreadCount: 2 });
    });
  });

  describe('calls about someone else', () => {
    it('answers 404 to every /users/{user} call naming another person', async () => {
      const general = await open(alice, 'others');
      const m1 = await post(alice, general, 'one');
      const calls = [
        alice.call('POST', `${USERS}/${bob.user.id}/messages/read`, { marks: [{ channel: general, message: m1 }] }),
        alice.call('POST', `${USERS}/${bob.user.id}/messages/metadata`, { messages: [m1] }),
        patchSubscription(alice, general, { muted: true }, bob.user.id),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
      }
      expect(await memberRow(general, bob.user.id)).toBeUndefined();
    });

    it("refuses (403) changing another member's subscription through the channel", async () => {
      const general = await open(alice, 'theirs-to-change');
      await post(bob, general, 'joined');
      const res = await patchChannelUser(alice, general, { muted: true }, bob.user.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(await memberRow(general, bob.user.id)).toMatchObject({ muted: false });
    });
  });

  describe('metadata', () => {
    it('counts who read each message besides its author, with the caller reactions, leaving out what they may not read', async () => {
      const team = await open(alice, 'team');
      const a1 = await post(alice, team, 'a1');
      const a2 = await post(alice, team, 'a2');
      const a3 = await post(alice, team, 'a3');
      await markReadOk(bob, [{ channel: team, message: a3 }]);
      await markReadOk(carol, [{ channel: team, message: a1 }]);
      await markReadOk(vic, [{ channel: team, message: a2 }]);
      const b4 = await post(bob, team, 'b4');
      // In the order given (the emojis themselves would sort the other way).
      for (const emoji of ['👍', '🎉']) {
        t.clock.advance(1000);
        const res = await alice.call('POST', `${CHANNELS}/${team}/messages/${a1}/reactions`, { emoji });
        expect(res.statusCode, res.body).toBe(200);
      }
      const secret = await createChannel(bob, { kind: 'private', name: 'hush', topic: '', users: [carol.user.id] });
      const hidden = await post(bob, secret, 'hidden');

      expect(await metadata(alice, [a1, a2, a3, b4, hidden])).toEqual([
        { messageId: a1, readBy: 3, myReactions: ['👍', '🎉'] },
        { messageId: a2, readBy: 2, myReactions: [] },
        { messageId: a3, readBy: 1, myReactions: [] },
        // Bob wrote it; Alice has not read it yet.
        { messageId: b4, readBy: 0, myReactions: [] },
      ]);
      // Another project's owner sees none of it.
      expect(await metadata(olaf, [a1, b4])).toEqual([]);
      // Carol reads the private channel: its message is hers to see.
      expect((await metadata(carol, [hidden, a1])).map((item) => item.messageId)).toEqual([hidden, a1]);

      // A deleted message keeps its read-by count and loses its reactions.
      const react = await alice.call('POST', `${CHANNELS}/${team}/messages/${a2}/reactions`, { emoji: '👀' });
      expect(react.statusCode, react.body).toBe(200);
      expect((await metadata(alice, [a2]))[0]!.myReactions).toEqual(['👀']);
      const deleted = await alice.call('DELETE', `${CHANNELS}/${team}/messages/${a2}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await metadata(alice, [a2])).toEqual([{ messageId: a2, readBy: 2, myReactions: [] }]);
    });
  });

  describe('subscriptions', () => {
    it('mutes and sets notify through both routes', async () => {
      const general = await open(alice, 'quiet');
      let res = await patchChannelUser(alice, general, { muted: true, notify: 'mentions' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        userId: alice.user.id,
        subscription: { muted: true, notify: 'mentions', lastReadMessageId: null },
      });
      expect(await channelOf(alice, general)).toMatchObject({ muted: true });

      res = await patchSubscription(alice, general, { muted: false, notify: 'none' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ subscription: { muted: false, notify: 'none' } });
      expect(await channelOf(alice, general)).toMatchObject({ muted: false });

      // A message of another channel is not one to have read up to.
      const elsewhere = await open(alice, 'loud');
      const message = await post(alice, elsewhere, 'not here');
      res = await patchSubscription(alice, general, { lastReadMessageId: message });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_MESSAGE' });
      res = await patchSubscription(alice, general, {});
      expect(res.statusCode, res.body).toBe(400);
    });

    it('lets a viewer change their own subscription, joining an open channel', async () => {
      const general = await open(alice, 'for-viewers');
      let res = await patchChannelUser(vic, general, { muted: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ userId: vic.user.id, subscription: { muted: true, notify: 'all' } });
      expect(await memberRow(general, vic.user.id)).toMatchObject({ muted: true });
      res = await patchSubscription(vic, general, { notify: 'mentions' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ subscription: { muted: true, notify: 'mentions' } });
    });

    it('refuses, as not there, a private channel one is not in or a channel of another project', async () => {
      const secret = await createChannel(bob, { kind: 'private', name: 'closed', topic: '', users: [] });
      const theirs = await open(olaf, 'not-yours', otherProject);
      for (const res of [
        await patchChannelUser(carol, secret, { muted: true }),
        await patchSubscription(carol, secret, { muted: true }),
        await patchSubscription(alice, theirs, { muted: true }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
      }
      expect(await memberRow(secret, carol.user.id)).toBeUndefined();
    });
  });

  describe('one member of a channel', () => {
    it("answers a member, with the subscription only for the caller's own entry", async () => {
      const general = await open(alice, 'people');
      await post(bob, general, 'here');
      let res = await alice.call('GET', channelUserUrl(general, bob.user.id));
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json() as ChannelUser;
      expect(entry).toMatchObject({ userId: bob.user.id, name: 'Bob Builder', email: 'bob@example.com' });
      expect(entry.subscription).toBeUndefined();

      res = await bob.call('GET', channelUserUrl(general, bob.user.id));
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ChannelUser).subscription).toMatchObject({ notify: 'all', muted: false });

      res = await alice.call('GET', channelUserUrl(general, carol.user.id));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CHANNEL_USER_NOT_FOUND' });

      // Named with a project that is not the channel's: not there.
      res = await olaf.call('GET', channelUserUrl(general, bob.user.id, otherProject));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    });
  });

  describe('people', () => {
    it('shows a person to those who share a project with them, to themselves and to platform admins only', async () => {
      let res = await alice.call('GET', `${USERS}/${bob.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: bob.user.id, name: 'Bob Builder', email: 'bob@example.com', avatar: null });

      res = await alice.call('GET', `${USERS}/${carol.user.id}`);
      expect(res.json()).toMatchObject({ name: 'carol' });

      res = await stranger.call('GET', `${USERS}/${stranger.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: stranger.user.id, name: 'stranger@example.com' });

      for (const [who, whom] of [
        [alice, stranger],
        [stranger, alice],
        [olaf, bob],
      ] as const) {
        res = await who.call('GET', `${USERS}/${whom.user.id}`);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
      }
      res = await alice.call('GET', `${USERS}/00000000-0000-4000-8000-000000000000`);
      expect(res.statusCode, res.body).toBe(404);

      res = await admin.call('GET', `${USERS}/${bob.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
