import type { Channel, ChannelUser } from '@wharf/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMembers } from '../access/testing.js';
import { makeAdmin, setUserFields } from '../accounts/testing.js';
import { chatChannels, chatMembers, chatMessages } from './schema.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const CHANNELS = '/v1/chat/channels';

describe('chat channels', () => {
  let t: TestApp;
  /** Owner of the project (a moderator: chat.manage), a member, a viewer (chat.read only), and people outside it. */
  let owner: BearerUser;
  let member: BearerUser;
  let viewer: BearerUser;
  let outsider: BearerUser;
  let otherOwner: BearerUser;
  let admin: BearerUser;
  let project: string;
  let otherProject: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    otherOwner = await bearerUser(t, 'other@example.com');
    admin = await bearerUser(t, 'staff@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    await setUserFields(t.database.db, { id: owner.user.id }, { firstName: 'Olga', lastName: 'Owner' });
    await setUserFields(t.database.db, { id: member.user.id }, { firstName: 'Max', lastName: null, username: 'max' });
    project = (await createProjectAs(owner, 'Harbour')).id;
    otherProject = (await createProjectAs(otherOwner, 'Lighthouse')).id;
    await addMembers(t.database.db, project, [member.user.id]);
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const create = (who: BearerUser, body: object, projectId = project) =>
    who.call('POST', `${CHANNELS}?project=${projectId}`, body);
  const createOk = async (who: BearerUser, body: object, projectId = project) => {
    const res = await create(who, body, projectId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Channel;
  };
  const list = async (who: BearerUser) => {
    const res = await who.call('GET', CHANNELS);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Channel[] }).items;
  };
  const users = async (who: BearerUser, channelId: string, includeSubscription = false) => {
    const res = await who.call(
      'GET',
      `${CHANNELS}/${channelId}/users${includeSubscription ? '?includeSubscription=true' : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: ChannelUser[] }).items;
  };
  const update = (who: BearerUser, channelId: string, body: object) =>
    who.call('PATCH', `${CHANNELS}/${channelId}?project=${project}`, body);
  const addUsers = (who: BearerUser, channelId: string, ids: string[]) =>
    who.call('POST', `${CHANNELS}/${channelId}/users?project=${project}`, { users: ids });
  const removeUsers = (who: BearerUser, channelId: string, ids: string[]) =>
    who.call('DELETE', `${CHANNELS}/${channelId}/users?project=${project}`, { users: ids });
  const channelCount = async (name: string) =>
    (await t.database.db.select().from(chatChannels).where(eq(chatChannels.name, name))).length;
  const successes = (operationId: string, channelId: string) =>
    auditEntries(t.database.db, { operationId, target: `channel:${channelId}`, result: 'success' });

  /** A message posted as the message handlers will: the channel's next number taken. */
  const post = async (channelId: string, authorId: string, mentions: string[] = [], deleted = false) => {
    const [channel] = await t.database.db
      .update(chatChannels)
      .set({ lastSeq: sql`${chatChannels.lastSeq} + 1`, lastMessageAt: t.clock.now() })
      .where(eq(chatChannels.id, channelId))
      .returning({ lastSeq: chatChannels.lastSeq });
    const [message] = await t.database.db
      .insert(chatMessages)
      .values({
        channelId,
        seq: channel!.lastSeq,
        authorId,
        text: deleted ? '' : 'Hello',
        mentions,
        createdAt: t.clock.now(),
        deletedAt: deleted ? t.clock.now() : null,
      })
      .returning();
    return message!;
  };

  describe('creating', () => {
    it('makes an open channel with its creator and the people named as members, audited', async () => {
      const channel = await createOk(owner, {
        kind: 'open',
        name: ' general ',
        topic: 'Anything',
        users: [member.user.id],
      });
      expect(channel).toMatchObject({
        projectId: project,
        kind: 'open',
        name: 'general',
        topic: 'Anything',
        archived: false,
        createdBy: owner.user.id,
        lastMessageAt: null,
        memberCount: 2,
        member: true,
        unreadCount: 0,
        mentionCount: 0,
        muted: false,
      });
      expect(await successes('createChannel', channel.id)).toHaveLength(1);
      // A viewer of the project reads an open channel without being in it.
      const seen = await viewer.call('GET', `${CHANNELS}/${channel.id}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({ id: channel.id, member: false, memberCount: 2, unreadCount: 0 });
      expect((await list(viewer)).map((c) => c.id)).toContain(channel.id);
    });

    it('refuses a viewer (chat.read only) and a stranger to the project', async () => {
      const byViewer = await create(viewer, { kind: 'open', name: 'viewers' });
      expect(byViewer.statusCode).toBe(403);
      const byStranger = await create(otherOwner, { kind: 'open', name: 'viewers' });
      expect([403, 404]).toContain(byStranger.statusCode);
      expect(await channelCount('viewers')).toBe(0);
    });

    it('refuses members who are not in the project, storing nothing and naming nobody', async () => {
      const res = await create(owner, {
        kind: 'private',
        name: 'secret plans',
        users: [member.user.id, outsider.user.id],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NOT_A_PROJECT_MEMBER');
      expect(res.body).not.toContain(outsider.user.id);
      expect(res.body).not.toContain('outsider@');
      expect(await channelCount('secret plans')).toBe(0);
      const unknown = await create(owner, { kind: 'direct', users: [UNKNOWN] });
      expect(unknown.json().code).toBe('NOT_A_PROJECT_MEMBER');
    });

    it('finds a direct conversation again, whoever asks and in whatever order, named after the others', async () => {
      const first = await createOk(owner, { kind: 'direct', users: [member.user.id, viewer.user.id] });
      expect(first).toMatchObject({ kind: 'direct', name: 'Max, viewer@example.com', memberCount: 3, member: true });
      const again = await createOk(member, { kind: 'direct', users: [viewer.user.id, owner.user.id, member.user.id] });
      expect(again.id).toBe(first.id);
      expect(again.name).toBe('Olga Owner, viewer@example.com');
      // The same people in another project are another conversation; two of the three are another too.
      const pair = await createOk(owner, { kind: 'direct', users: [member.user.id] });
      expect(pair.id).not.toBe(first.id);
      expect(pair.name).toBe('Max');
      const stored = await t.database.db.select().from(chatChannels).where(eq(chatChannels.id, first.id));
      expect(stored[0]!.directKey).toBe([owner.user.id, member.user.id, viewer.user.id].sort().join(','));
      expect(
        await auditEntries(t.database.db, { operationId: 'createChannel', target: `channel:${first.id}` }),
      ).toHaveLength(2);
    });

    it('refuses a direct conversation with oneself alone', async () => {
      const res = await create(owner, { kind: 'direct', users: [owner.user.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('DIRECT_NEEDS_OTHERS');
    });

    it("makes the project's support conversation once, shared with platform admins", async () => {
      const [first, second] = await Promise.all([
        createOk(owner, { kind: 'support' }),
        createOk(member, { kind: 'support' }),
      ]);
      expect(second!.id).toBe(first!.id);
      expect(first).toMatchObject({ kind: 'support', name: 'Support' });
      const third = await createOk(member, { kind: 'support' });
      expect(third.id).toBe(first!.id);
      const rows = await t.database.db.select().from(chatChannels).where(eq(chatChannels.kind, 'support'));
      expect(rows.filter((r) => r.projectId === project)).toHaveLength(1);
      // A platform admin, in no project, is the other side of it (their rights read fresh for a
      // bearer token); another project's owner does not see it.
      const staff = (await list(admin)).filter((c) => c.kind === 'support');
      expect(staff.map((c) => c.id)).toEqual([first!.id]);
      expect(staff[0]).toMatchObject({ member: false, unreadCount: 0 });
      expect((await admin.call('GET', `${CHANNELS}/${first!.id}`)).statusCode).toBe(200);
      // Rights taken away end at once, whatever the token says.
      await setUserFields(t.database.db, { id: admin.user.id }, { isAdmin: false });
      expect((await admin.call('GET', `${CHANNELS}/${first!.id}`)).statusCode).toBe(404);
      expect((await list(admin)).map((c) => c.id)).not.toContain(first!.id);
      await makeAdmin(t.database.db, { id: admin.user.id });
      expect((await otherOwner.call('GET', `${CHANNELS}/${first!.id}`)).statusCode).toBe(404);
      expect((await list(otherOwner)).map((c) => c.id)).not.toContain(first!.id);
      const refused = await owner.call('DELETE', `${CHANNELS}/${first!.id}?project=${project}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('SUPPORT_CHANNEL_FIXED');
    });
  });

  describe('who sees what', () => {
    let secret: Channel;

    beforeAll(async () => {
      secret = await createOk(owner, { kind: 'private', name: 'board', users: [member.user.id] });
    });

    it('keeps a private channel to its members: 404 to others of the project and of other projects', async () => {
      expect((await member.call('GET', `${CHANNELS}/${secret.id}`)).statusCode).toBe(200);
      for (const who of [viewer, otherOwner, outsider]) {
        const res = await who.call('GET', `${CHANNELS}/${secret.id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('CHANNEL_NOT_FOUND');
        expect((await who.call('GET', `${CHANNELS}/${secret.id}/users`)).statusCode).toBe(404);
        expect((await list(who)).map((c) => c.id)).not.toContain(secret.id);
      }
      expect((await list(member)).map((c) => c.id)).toContain(secret.id);
      expect((await owner.call('GET', `${CHANNELS}/${UNKNOWN}`)).statusCode).toBe(404);
    });

    it("answers a channel named with another project's id as not there", async () => {
      const res = await otherOwner.call('PATCH', `${CHANNELS}/${secret.id}?project=${otherProject}`, { name: 'mine' });
      expect(res.statusCode).toBe(404);
      const gone = await otherOwner.call('DELETE', `${CHANNELS}/${secret.id}?project=${otherProject}`);
      expect(gone.statusCode).toBe(404);
      const added = await otherOwner.call('POST', `${CHANNELS}/${secret.id}/users?project=${otherProject}`, {
        users: [otherOwner.user.id],
      });
      expect(added.statusCode).toBe(404);
      expect((await users(owner, secret.id)).map((u) => u.userId).sort()).toEqual(
        [owner.user.id, member.user.id].sort(),
      );
    });

    it("lists the caller's channels across their projects, the latest message first", async () => {
      const traveller = await bearerUser(t, 'traveller@example.com');
      await addMembers(t.database.db, project, [traveller.user.id]);
      await addMembers(t.database.db, otherProject, [traveller.user.id]);
      const here = await createOk(traveller, { kind: 'private', name: 'here' });
      t.clock.advance(1000);
      const there = await createOk(traveller, { kind: 'private', name: 'there' }, otherProject);
      t.clock.advance(1000);
      const elsewhere = await createOk(otherOwner, { kind: 'open', name: 'lobby' }, otherProject);
      const mine = (await list(traveller)).filter((c) => [here.id, there.id, elsewhere.id].includes(c.id));
      // Newest first while neither has a message; then the one with a message leads.
      expect(mine.map((c) => c.id)).toEqual([elsewhere.id, there.id, here.id]);
      t.clock.advance(1000);
      await post(here.id, traveller.user.id);
      const after = (await list(traveller)).map((c) => c.id);
      expect(after[0]).toBe(here.id);
      expect(after).toContain(there.id);
      expect(after).toContain(elsewhere.id);
      // The projects' owners see each only their own project's.
      expect((await list(owner)).map((c) => c.id)).not.toContain(there.id);
      expect((await list(otherOwner)).map((c) => c.id)).not.toContain(here.id);
    });
  });

  describe('changing a channel', () => {
    it('renames, sets the topic, archives (read-only) and opens it again, each audited', async () => {
      const channel = await createOk(member, { kind: 'open', name: 'ideas' });
      const renamed = await update(member, channel.id, { name: 'better ideas', topic: 'Only good ones' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'better ideas', topic: 'Only good ones', archived: false });

      const archived = await update(member, channel.id, { archived: true });
      expect(archived.json()).toMatchObject({ archived: true });
      const rename = await update(member, channel.id, { name: 'again' });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().code).toBe('CHANNEL_ARCHIVED');
      const add = await addUsers(member, channel.id, [viewer.user.id]);
      expect(add.statusCode).toBe(409);
      expect(add.json().code).toBe('CHANNEL_ARCHIVED');
      // Still readable while archived.
      expect((await viewer.call('GET', `${CHANNELS}/${channel.id}`)).json()).toMatchObject({ archived: true });

      const reopened = await update(member, channel.id, { archived: false, name: 'ideas, reopened' });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json()).toMatchObject({ archived: false, name: 'ideas, reopened' });
      // A last word on the way out: the topic changes as the channel is archived.
      const closed = await update(member, channel.id, { archived: true, topic: 'Closed, see #roadmap' });
      expect(closed.json()).toMatchObject({ archived: true, topic: 'Closed, see #roadmap' });
      expect(await successes('updateChannel', channel.id)).toHaveLength(4);
    });

    it('lets only the creator or a moderator archive, rename or delete', async () => {
      const channel = await createOk(owner, { kind: 'open', name: 'announcements', users: [member.user.id] });
      for (const body of [{ archived: true }, { name: 'mine now' }]) {
        const res = await update(member, channel.id, body);
        expect(res.statusCode).toBe(403);
      }
      expect((await member.call('DELETE', `${CHANNELS}/${channel.id}?project=${project}`)).statusCode).toBe(403);
      expect((await viewer.call('DELETE', `${CHANNELS}/${channel.id}?project=${project}`)).statusCode).toBe(403);
      // The owner moderates the project's chat: any channel.
      const byMember = await createOk(member, { kind: 'open', name: 'members only' });
      const archived = await update(owner, byMember.id, { archived: true });
      expect(archived.statusCode, archived.body).toBe(200);
      expect(await successes('updateChannel', channel.id)).toHaveLength(0);
      const failures = await auditEntries(t.database.db, { operationId: 'updateChannel', result: 'failure' });
      expect(failures.length).toBeGreaterThan(0);
    });

    it('keeps a direct conversation as it is: no rename, no one added or removed by others', async () => {
      const direct = await createOk(member, { kind: 'direct', users: [owner.user.id] });
      const rename = await update(member, direct.id, { name: 'us' });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().code).toBe('DIRECT_CHANNEL_FIXED');
      expect((await addUsers(member, direct.id, [viewer.user.id])).json().code).toBe('DIRECT_CHANNEL_FIXED');
      expect((await removeUsers(owner, direct.id, [member.user.id])).json().code).toBe('DIRECT_CHANNEL_FIXED');
      // Leaving it is one's own choice; asking for it again brings one back.
      expect((await removeUsers(member, direct.id, [member.user.id])).statusCode).toBe(204);
      expect((await member.call('GET', `${CHANNELS}/${direct.id}`)).statusCode).toBe(404);
      const back = await createOk(member, { kind: 'direct', users: [owner.user.id] });
      expect(back).toMatchObject({ id: direct.id, member: true, memberCount: 2 });
    });

    it('deletes a channel with its members and messages, audited', async () => {
      const channel = await createOk(member, { kind: 'private', name: 'temporary', users: [owner.user.id] });
      await post(channel.id, member.user.id);
      await post(channel.id, owner.user.id);
      const res = await member.call('DELETE', `${CHANNELS}/${channel.id}?project=${project}`);
      expect(res.statusCode, res.body).toBe(204);
      expect((await member.call('GET', `${CHANNELS}/${channel.id}`)).statusCode).toBe(404);
      const db = t.database.db;
      expect(await db.select().from(chatMessages).where(eq(chatMessages.channelId, channel.id))).toEqual([]);
      expect(await db.select().from(chatMembers).where(eq(chatMembers.channelId, channel.id))).toEqual([]);
      expect(await successes('deleteChannel', channel.id)).toHaveLength(1);
      expect((await member.call('DELETE', `${CHANNELS}/${channel.id}?project=${project}`)).statusCode).toBe(404);
    });
  });

  describe('members', () => {
    it('adds members of the project (again is a no-op) and refuses others, storing nothing', async () => {
      const channel = await createOk(member, { kind: 'private', name: 'crew' });
      t.clock.advance(1000);
      const added = await addUsers(member, channel.id, [owner.user.id]);
      expect(added.statusCode, added.body).toBe(200);
      expect((added.json() as { items: ChannelUser[] }).items.map((u) => u.userId)).toEqual([
        member.user.id,
        owner.user.id,
      ]);
      t.clock.advance(1000);
      const again = await addUsers(member, channel.id, [owner.user.id, viewer.user.id]);
      expect((again.json() as { items: ChannelUser[] }).items).toHaveLength(3);
      const refused = await addUsers(member, channel.id, [outsider.user.id]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('NOT_A_PROJECT_MEMBER');
      expect(await users(member, channel.id)).toHaveLength(3);
      expect(await successes('addChannelUsers', channel.id)).toHaveLength(2);
      const names = (await users(viewer, channel.id)).map((u) => [u.name, u.email]);
      expect(names).toEqual([
        ['Max', 'member@example.com'],
        ['Olga Owner', 'owner@example.com'],
        ['viewer@example.com', 'viewer@example.com'],
      ]);
    });

    it('removes members: the removed lose the channel at once; others can only remove themselves', async () => {
      const channel = await createOk(owner, { kind: 'private', name: 'inner circle', users: [member.user.id] });
      const extra = await bearerUser(t, 'extra@example.com');
      await addMembers(t.database.db, project, [extra.user.id]);
      expect((await addUsers(owner, channel.id, [extra.user.id])).statusCode).toBe(200);

      const byMember = await removeUsers(member, channel.id, [extra.user.id]);
      expect(byMember.statusCode).toBe(403);
      const removed = await removeUsers(owner, channel.id, [member.user.id]);
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await member.call('GET', `${CHANNELS}/${channel.id}`)).statusCode).toBe(404);
      expect((await list(member)).map((c) => c.id)).not.toContain(channel.id);
      expect((await removeUsers(member, channel.id, [member.user.id])).statusCode).toBe(404);

      const left = await removeUsers(extra, channel.id, [extra.user.id]);
      expect(left.statusCode, left.body).toBe(204);
      expect((await extra.call('GET', `${CHANNELS}/${channel.id}`)).statusCode).toBe(404);
      expect((await users(owner, channel.id)).map((u) => u.userId)).toEqual([owner.user.id]);
      expect(await successes('removeChannelUsers', channel.id)).toHaveLength(2);
    });

    it("shows the caller's own subscription beside their entry only", async () => {
      const channel = await createOk(owner, { kind: 'open', name: 'subscriptions', users: [member.user.id] });
      const first = await post(channel.id, owner.user.id);
      await t.database.db
        .update(chatMembers)
        .set({ lastReadSeq: first.seq, lastReadAt: t.clock.now(), muted: true })
        .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.userId, member.user.id)));
      const entries = await users(member, channel.id, true);
      expect(entries.find((u) => u.userId === owner.user.id)?.subscription).toBeUndefined();
      expect(entries.find((u) => u.userId === member.user.id)?.subscription).toEqual({
        notify: 'all',
        muted: true,
        lastReadMessageId: first.id,
        lastReadAt: t.clock.now().toISOString(),
      });
      expect((await users(owner, channel.id, true)).find((u) => u.userId === owner.user.id)?.subscription).toEqual({
        notify: 'all',
        muted: false,
        lastReadMessageId: null,
        lastReadAt: null,
      });
      expect((await users(owner, channel.id)).every((u) => u.subscription === undefined)).toBe(true);
    });
  });

  it('counts unread messages and the unread ones that mention the caller', async () => {
    const channel = await createOk(owner, { kind: 'private', name: 'counts', users: [member.user.id] });
    await post(channel.id, owner.user.id);
    const read = await post(channel.id, owner.user.id, [member.user.id]);
    await post(channel.id, owner.user.id, [member.user.id]);
    await post(channel.id, owner.user.id, [member.user.id], true);
    await post(channel.id, owner.user.id, [owner.user.id]);
    const counts = async (who: BearerUser) => {
      const view = (await list(who)).find((c) => c.id === channel.id)!;
      const one = (await who.call('GET', `${CHANNELS}/${channel.id}`)).json() as Channel;
      expect(one).toEqual(view);
      return [view.unreadCount, view.mentionCount];
    };
    expect(await counts(member)).toEqual([5, 2]);
    await t.database.db
      .update(chatMembers)
      .set({ lastReadSeq: read.seq })
      .where(and(eq(chatMembers.channelId, channel.id), eq(chatMembers.userId, member.user.id)));
    expect(await counts(member)).toEqual([3, 1]);
    expect(await counts(owner)).toEqual([5, 1]);
    // Someone reading an open channel without being in it has no read state to count from.
    const open = await createOk(owner, { kind: 'open', name: 'open counts' });
    await post(open.id, owner.user.id, [viewer.user.id]);
    expect((await list(viewer)).find((c) => c.id === open.id)).toMatchObject({ unreadCount: 0, mentionCount: 0 });
  });
});
