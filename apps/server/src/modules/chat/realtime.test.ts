import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, createTestApp, testBootstrap, type TestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { testRedisUrl } from '../../test/redis.js';
import { firstStart } from '../accounts/first-start.js';
import { signInAs, USER_API } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { openSocket, refusedUpgrade, type TestSocket } from '../../test/realtime.js';
import { addMembers } from '../access/testing.js';
import { setUserFields } from '../accounts/testing.js';

const tokenOf = (user: BearerUser) => user.authorization().slice('Bearer '.length);

describe('chat over the realtime socket', () => {
  let t: TestApp;
  let owner: BearerUser;
  let alice: BearerUser;
  let bob: BearerUser;
  let viewer: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let otherProject: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    alice = await bearerUser(t, 'alice@example.com');
    bob = await bearerUser(t, 'bob@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    outsider = await bearerUser(t, 'olga@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
    otherProject = (await createProjectAs(outsider, 'Elsewhere')).id;
    await addMembers(t.database.db, project, [alice.user.id, bob.user.id], 'member');
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    await setUserFields(t.database.db, { id: alice.user.id }, { firstName: 'Alice', lastName: 'Liddell' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  const socketOf = async (user?: BearerUser) => {
    const socket = await openSocket(t, user ? { token: tokenOf(user) } : {});
    sockets.push(socket);
    return socket;
  };

  const createChannel = async (as: BearerUser, body: object, projectId = project) => {
    const res = await as.call('POST', `/v1/chat/channels?project=${projectId}`, body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };
  const post = async (as: BearerUser, channelId: string, body: object, projectId = project) => {
    const res = await as.call('POST', `/v1/chat/channels/${channelId}/messages?project=${projectId}`, body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };

  describe('opening a socket', () => {
    it('refuses an upgrade from another site, and takes one from the console or a client with no Origin', async () => {
      expect(await refusedUpgrade(t, { origin: 'https://evil.example' })).toBe(403);
      expect(await refusedUpgrade(t, { origin: 'null' })).toBe(403);
      const consoleOrigin = await openSocket(t, { headers: { origin: new URL(t.config.PUBLIC_URL).origin } });
      const noOrigin = await openSocket(t);
      sockets.push(consoleOrigin, noOrigin);
      await consoleOrigin.auth(tokenOf(alice));
      await noOrigin.auth(tokenOf(alice));
    });

    it('answers a plain GET 426 with a code and a message', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/realtime' });
      expect(res.statusCode).toBe(426);
      expect(res.json()).toEqual({ code: 'UPGRADE_REQUIRED', message: 'Open this address as a WebSocket.' });
    });

    it('closes a socket whose first frame is not auth, or whose token is forged, expired or an API key', async () => {
      const first = await socketOf();
      first.send({ type: 'subscribe', topic: `user:${alice.user.id}` });
      expect((await first.closed).code).toBe(REALTIME_CLOSE.unauthenticated);

      const forged = await socketOf();
      forged.send({ type: 'auth', token: `${tokenOf(alice).slice(0, -4)}AAAA` });
      expect(await forged.closed).toEqual({
        code: REALTIME_CLOSE.unauthenticated,
        reason: 'The token is not valid. Sign in again.',
      });

      const key = await owner.call('POST', `/v1/projects/${project}/auth`, {
        name: 'Chat key',
        permissions: ['chat.read', 'chat.write'],
      });
      expect(key.statusCode).toBe(201);
      const withKey = await socketOf();
      withKey.send({ type: 'auth', token: key.json().secret as string });
      expect((await withKey.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    });

    it('answers unreadable frames with an error, and closes after too many', async () => {
      const socket = await socketOf(alice);
      socket.send('not json');
      expect(await socket.next('error')).toMatchObject({ code: 'BAD_FRAME', message: 'Frames are JSON text.' });
      socket.send({ type: 'subscribe', topic: 'chat:../../etc' });
      expect(await socket.next('error')).toMatchObject({ code: 'BAD_FRAME' });
      socket.send({ type: 'shout' });
      socket.send({ type: 'subscribe', topic: 'chat:\u0000' });
      socket.send(Buffer.from([1, 2, 3]));
      socket.send('{}');
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.protocol);
    });

    it('closes on a frame past 8 KB, and on a token with a NUL byte', async () => {
      const big = await socketOf(alice);
      big.send({ type: 'ping', padding: 'x'.repeat(9000) });
      expect((await big.closed).code).toBe(1009);
      const nul = await socketOf();
      nul.send({ type: 'auth', token: 'x\u0000y' });
      expect((await nul.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    });

    it('answers ping with pong, and joins the caller to their own user topic only', async () => {
      const socket = await socketOf(alice);
      expect(await socket.next('subscribed')).toEqual({
        type: 'subscribed',
        topic: `user:${alice.user.id}`,
        lastEventId: expect.toBeOneOf([null, expect.stringMatching(/^\d+-\d+$/)]),
      });
      socket.send({ type: 'ping' });
      await socket.next('pong');
      expect(await socket.subscribe(`user:${bob.user.id}`)).toMatchObject({ type: 'error', code: 'TOPIC_NOT_FOUND' });
    });
  });

  describe('a channel’s events', () => {
    it('delivers messages, edits, reactions, deletions and reads, in order, to those who may read the channel', async () => {
      const channel = await createChannel(owner, { kind: 'open', name: 'general' });
      const bobs = await socketOf(bob);
      const viewers = await socketOf(viewer);
      const topic = `chat:${channel.id}`;
      expect(await bobs.subscribe(topic)).toMatchObject({ type: 'subscribed', topic });
      expect(await viewers.subscribe(topic)).toMatchObject({ type: 'subscribed', topic });

      const posted = await post(alice, channel.id, { text: 'Parcel left the *dock*', mentions: [bob.user.id] });
      const heard = await bobs.next('event', (frame) => frame.topic === topic);
      expect(heard.data).toMatchObject({
        kind: 'message',
        message: { id: posted.id, text: 'Parcel left the *dock*', author: { name: 'Alice Liddell' } },
      });
      await alice.call('PATCH', `/v1/chat/channels/${channel.id}/messages/${posted.id}`, { text: 'Parcel left' });
      await bob.call('POST', `/v1/chat/channels/${channel.id}/messages/${posted.id}/reactions`, { emoji: '👍' });
      await owner.call('POST', `/v1/chat/channels/${channel.id}/messages/${posted.id}/reactions`, { emoji: '👍' });
      await bob.call('POST', `/v1/chat/users/${bob.user.id}/messages/read`, {
        marks: [{ channel: channel.id, message: posted.id }],
      });
      await alice.call('DELETE', `/v1/chat/channels/${channel.id}/messages/${posted.id}`);
      await viewers.next('event', (frame) => frame.data.kind === 'message.deleted');

      for (const socket of [bobs, viewers]) {
        expect(socket.events(topic).map((event) => event.kind)).toEqual([
          'message',
          'message.edited',
          'reaction',
          'reaction',
          'read',
          'message.deleted',
        ]);
        const [, edited, first, second, read] = socket.events(topic);
        expect(edited).toMatchObject({ messageId: posted.id, text: 'Parcel left' });
        expect(first).toMatchObject({ emoji: '👍', userId: bob.user.id, added: true, count: 1 });
        expect(second).toMatchObject({ emoji: '👍', userId: owner.user.id, added: true, count: 2 });
        expect(read).toEqual({ kind: 'read', userId: bob.user.id, messageId: posted.id });
      }
    });

    it('refuses a channel the caller may not read: private without being in it, another project’s, unknown', async () => {
      const hidden = await createChannel(owner, { kind: 'private', name: 'board' });
      const foreign = await createChannel(outsider, { kind: 'open', name: 'theirs' }, otherProject);
      const socket = await socketOf(bob);
      for (const topic of [`chat:${hidden.id}`, `chat:${foreign.id}`, 'chat:00000000-0000-4000-8000-000000000000']) {
        expect(await socket.subscribe(topic)).toEqual({
          type: 'error',
          code: 'TOPIC_NOT_FOUND',
          message: 'There is no such topic, or you may not hear it.',
          topic,
        });
      }
      await post(owner, hidden.id, { text: 'secret plans' });
      await post(outsider, foreign.id, { text: 'their news' }, otherProject);
      socket.send({ type: 'ping' });
      await socket.next('pong');
      expect(socket.frames.filter((frame) => frame.type === 'event' && frame.topic.startsWith('chat:'))).toEqual([]);
    });

    it('stops a removed member’s socket at once: told, unsubscribed, and deaf to what follows', async () => {
      const channel = await createChannel(owner, {
        kind: 'private',
        name: 'buyers',
        users: [alice.user.id, bob.user.id],
      });
      const topic = `chat:${channel.id}`;
      const bobs = await socketOf(bob);
      const alices = await socketOf(alice);
      await bobs.subscribe(topic);
      await alices.subscribe(topic);
      await post(owner, channel.id, { text: 'before' });
      await bobs.next('event', (frame) => frame.topic === topic);

      const removed = await owner.call('DELETE', `/v1/chat/channels/${channel.id}/users?project=${project}`, {
        users: [bob.user.id],
      });
      expect(removed.statusCode).toBe(204);
      expect(await bobs.next('unsubscribed', (frame) => frame.topic === topic)).toEqual({
        type: 'unsubscribed',
        topic,
        reason: 'access',
      });
      expect(await bobs.next('event', (frame) => frame.topic === `user:${bob.user.id}`)).toMatchObject({
        data: { kind: 'channel.left', channelId: channel.id },
      });

      await post(owner, channel.id, { text: 'after bob left' });
      await alices.next('event', (frame) => frame.data.kind === 'message' && frame.topic === topic);
      bobs.send({ type: 'ping' });
      await bobs.next('pong');
      expect(bobs.events(topic).map((event) => event.kind)).toEqual(['message', 'members.removed']);
      expect(await bobs.subscribe(topic)).toMatchObject({ type: 'error', code: 'TOPIC_NOT_FOUND' });
    });

    it('tells new members on their own topic, and ends every subscription when the channel is deleted', async () => {
      const channel = await createChannel(owner, { kind: 'private', name: 'temporary' });
      const bobs = await socketOf(bob);
      const added = await owner.call('POST', `/v1/chat/channels/${channel.id}/users?project=${project}`, {
        users: [bob.user.id],
      });
      expect(added.statusCode).toBe(200);
      expect(await bobs.next('event', (frame) => frame.topic === `user:${bob.user.id}`)).toMatchObject({
        data: { kind: 'channel.joined', channelId: channel.id },
      });
      const topic = `chat:${channel.id}`;
      await bobs.subscribe(topic);
      await owner.call('DELETE', `/v1/chat/channels/${channel.id}?project=${project}`);
      expect(await bobs.next('unsubscribed', (frame) => frame.topic === topic)).toMatchObject({ reason: 'access' });
      expect(bobs.events(topic)).toEqual([{ kind: 'channel.deleted' }]);
    });

    it('passes typing on with the typist’s name, to writers only, at most every two seconds', async () => {
      const channel = await createChannel(owner, { kind: 'open', name: 'typing' });
      const topic = `chat:${channel.id}`;
      const bobs = await socketOf(bob);
      await bobs.subscribe(topic);
      const alices = await socketOf(alice);
      alices.send({ type: 'typing', topic });
      alices.send({ type: 'typing', topic });
      expect((await bobs.next('event', (frame) => frame.topic === topic)).data).toEqual({
        kind: 'typing',
        userId: alice.user.id,
        name: 'Alice Liddell',
      });
      const viewers = await socketOf(viewer);
      viewers.send({ type: 'typing', topic });
      expect(await viewers.next('error')).toMatchObject({ code: 'FORBIDDEN', topic });
      bobs.send({ type: 'ping' });
      await bobs.next('pong');
      expect(bobs.events(topic)).toHaveLength(1);
    });

    it('catches a reconnecting client up from its last event, or tells it to reload', async () => {
      const channel = await createChannel(owner, { kind: 'open', name: 'catch-up' });
      const topic = `chat:${channel.id}`;
      const first = await socketOf(bob);
      await post(owner, channel.id, { text: 'one' });
      const subscribed = await first.subscribe(topic);
      expect(subscribed).toMatchObject({ type: 'subscribed', lastEventId: expect.stringMatching(/^\d+-\d+$/) });
      const lastSeen = (subscribed as { lastEventId: string }).lastEventId;
      first.close();
      await first.closed;

      await post(owner, channel.id, { text: 'two' });
      await post(owner, channel.id, { text: 'three' });
      const again = await socketOf(bob);
      expect(await again.subscribe(topic, lastSeen)).toMatchObject({ type: 'subscribed', lastEventId: lastSeen });
      await again.next('event', (frame) => frame.data.kind === 'message' && frame.data.message.text === 'three');
      expect(again.events(topic).map((event) => (event.message as { text: string }).text)).toEqual(['two', 'three']);

      const lost = await socketOf(bob);
      expect(await lost.subscribe(topic, '1-0')).toMatchObject({ type: 'subscribed' });
      expect(await lost.next('reload')).toEqual({ type: 'reload', topic });

      // An id past what any store keeps is refused as a frame, not passed on to Redis.
      lost.send({ type: 'subscribe', topic, after: '99999999999999999999-0' });
      expect(await lost.next('error')).toMatchObject({ code: 'BAD_FRAME', message: 'An event id is <ms>-<seq>.' });
    });
  });

  describe('the session behind the socket', () => {
    it('closes the socket when its session signs out', async () => {
      const browser = await signInAs(t, 'alice@example.com');
      const token = (await browser.post(`${USER_API}/token`)).json().token as string;
      const socket = await socketOf();
      await socket.auth(token);
      expect((await browser.post(`${USER_API}/logout`)).statusCode).toBe(204);
      expect(await socket.closed).toEqual({
        code: REALTIME_CLOSE.unauthenticated,
        reason: 'The session ended. Sign in again.',
      });
    });

    it('closes the socket when its token expires, unless a fresh one came first; another person’s is refused', async () => {
      const kept = await socketOf(bob);
      const expiring = await socketOf(bob);
      t.clock.advance(290_000);
      await bob.refresh();
      await kept.auth(tokenOf(bob));
      t.clock.advance(20_000);
      t.app.services.realtime.tick();
      expect(await expiring.closed).toEqual({
        code: REALTIME_CLOSE.unauthenticated,
        reason: 'The token expired. Authenticate again.',
      });
      kept.send({ type: 'ping' });
      await kept.next('pong');

      await alice.refresh();
      kept.send({ type: 'auth', token: tokenOf(alice) });
      expect((await kept.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    });
  });
});

describe('chat events across two server processes sharing Redis', () => {
  it('delivers a message posted on one server to a socket on the other, and closes it when the session ends there', async () => {
    const database = await createTestDatabase();
    const config = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `wharf-test:${randomUUID()}:` };
    const one = await createTestApp({ database, config });
    const two = await createTestApp({ database, config });
    try {
      await firstStart(database.db, one.clock, testBootstrap);
      const owner = await bearerUser(one, 'owner.two@example.com');
      const project = (await createProjectAs(owner, 'Two servers')).id;
      const created = await owner.call('POST', `/v1/chat/channels?project=${project}`, { kind: 'open', name: 'both' });
      const channelId = (created.json() as { id: string }).id;

      const browser = await signInAs(two, 'owner.two@example.com');
      const token = (await browser.post(`${USER_API}/token`)).json().token as string;
      const socket = await openSocket(two, { token });
      const topic = `chat:${channelId}`;
      expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed', topic });

      const posted = await owner.call('POST', `/v1/chat/channels/${channelId}/messages?project=${project}`, {
        text: 'from server one',
      });
      expect(posted.statusCode).toBe(201);
      const heard = await socket.next('event', (frame) => frame.topic === topic);
      expect(heard.data).toMatchObject({ kind: 'message', message: { text: 'from server one' } });

      // Signed out through server one: the socket on server two closes as the revocation arrives.
      const session = await signInAs(one, 'owner.two@example.com');
      session.cookies.clear();
      for (const [name, value] of browser.cookies) session.cookies.set(name, value);
      expect((await session.post(`${USER_API}/logout`)).statusCode).toBe(204);
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });
});
