import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { countStatements } from '../../test/statements.js';
import { installDrive, uploadAs } from '../../test/drive.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { setUserFields } from '../accounts/testing.js';
import { addMembers } from '../access/testing.js';
import { chatChannels, chatMembers, chatMessages, chatReactions } from './schema.js';

interface MessageView {
  id: string;
  channelId: string;
  author: { id: string; name: string } | null;
  text: string;
  mentions: string[];
  attachments: { id: string; name: string; type: string; size: number }[];
  replyTo: string | null;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  reactions: { emoji: string; count: number; mine: boolean }[];
}
interface Page {
  items: MessageView[];
  hasOlder: boolean;
  hasNewer: boolean;
}

describe('chat messages', () => {
  let t: TestApp;
  let owner: BearerUser;
  let alice: BearerUser;
  let bob: BearerUser;
  let viewer: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let otherProject: string;
  let ownersSecondProject: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    alice = await bearerUser(t, 'alice@example.com');
    bob = await bearerUser(t, 'bob@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    outsider = await bearerUser(t, 'olga@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
    ownersSecondProject = (await createProjectAs(owner, 'Other shop')).id;
    otherProject = (await createProjectAs(outsider, 'Elsewhere')).id;
    // Before any of them calls anything in the project, so no cached decision says otherwise.
    await addMembers(t.database.db, project, [alice.user.id, bob.user.id], 'member');
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    await setUserFields(t.database.db, { id: alice.user.id }, { firstName: 'Alice', lastName: 'Liddell' });
  });
  afterAll(() => t.close());

  /** Channels straight in the database: their handlers are not this file's subject. */
  const channel = async (
    projectId: string,
    kind: 'open' | 'private' | 'direct' | 'support' = 'open',
    options: { members?: string[]; archived?: boolean } = {},
  ) => {
    const now = t.clock.now();
    const [row] = await t.database.db
      .insert(chatChannels)
      .values({
        projectId,
        kind,
        name: `${kind}-${Math.random().toString(36).slice(2, 8)}`,
        createdAt: now,
        updatedAt: now,
        archivedAt: options.archived ? now : null,
      })
      .returning();
    if (options.members?.length) {
      await t.database.db
        .insert(chatMembers)
        .values(options.members.map((userId) => ({ channelId: row!.id, userId, joinedAt: now })));
    }
    return row!.id;
  };

  const messagesUrl = (channelId: string, projectId = project) =>
    `/v1/chat/channels/${channelId}/messages?project=${projectId}`;
  const messageUrl = (channelId: string, messageId: string) => `/v1/chat/channels/${channelId}/messages/${messageId}`;

  const post = async (who: BearerUser, channelId: string, body: object, projectId = project) => {
    const res = await who.call('POST', messagesUrl(channelId, projectId), body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as MessageView;
  };
  const list = async (who: BearerUser, channelId: string, query = '') => {
    const res = await who.call('GET', `/v1/chat/channels/${channelId}/messages${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const stored = async (channelId: string) =>
    (await t.database.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.channelId, channelId)))[0]!.n;

  /** `n` messages numbered 1..n straight in the database (texts `m1`…), the channel's count moved to match. */
  const seed = async (channelId: string, n: number, authorId: string) => {
    const now = t.clock.now();
    await t.database.db
      .insert(chatMessages)
      .values(
        Array.from({ length: n }, (_, i) => ({ channelId, seq: i + 1, authorId, text: `m${i + 1}`, createdAt: now })),
      );
    await t.database.db.update(chatChannels).set({ lastSeq: n }).where(eq(chatChannels.id, channelId));
    const rows = await t.database.db
      .select({ id: chatMessages.id, seq: chatMessages.seq })
      .from(chatMessages)
      .where(eq(chatMessages.channelId, channelId))
      .orderBy(asc(chatMessages.seq));
    return rows.map((row) => row.id);
  };
  const getOne = async (who: BearerUser, channelId: string, messageId: string) => {
    const res = await who.call('GET', messageUrl(channelId, messageId));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MessageView;
  };

  const texts = (page: Page) => page.items.map((item) => item.text);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

  describe('posting and listing', () => {
    it('posts, answers the view, and lists oldest first with one gapless numbering under concurrent posts', async () => {
      const general = await channel(project);
      const first = await post(alice, general, { text: 'Hello **team**' });
      expect(first).toMatchObject({
        channelId: general,
        author: { id: alice.user.id, name: 'Alice Liddell' },
        text: 'Hello **team**',
        mentions: [],
        attachments: [],
        replyTo: null,
        editedAt: null,
        deleted: false,
        reactions: [],
      });
      // Twenty posts at once from three people: each takes the next number, none twice, none skipped.
      const posted = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post([alice, bob, owner][i % 3]!, general, { text: `post ${i}` })),
      );
      const seqs = await t.database.db
        .select({ seq: chatMessages.seq, id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.channelId, general))
        .orderBy(asc(chatMessages.seq));
      expect(seqs.map((row) => row.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
      const [row] = await t.database.db.select().from(chatChannels).where(eq(chatChannels.id, general));
      expect(row!.lastSeq).toBe(21);

      const page = await list(bob, general);
      expect(page.items.map((item) => item.id)).toEqual(seqs.map((s) => s.id));
      expect(page.items[0]!.id).toBe(first.id);
      expect(new Set(page.items.map((item) => item.id))).toEqual(new Set([first.id, ...posted.map((p) => p.id)]));
      expect(page).toMatchObject({ hasOlder: false, hasNewer: false });
      // Bob's own name falls back to his address.
      expect(page.items.find((item) => item.author?.id === bob.user.id)!.author!.name).toBe('bob@example.com');

      // Posting in an open channel joined them, each having read up to their own last message.
      const members = await t.database.db.select().from(chatMembers).where(eq(chatMembers.channelId, general));
      expect(members.map((m) => m.userId).sort()).toEqual([alice.user.id, bob.user.id, owner.user.id].sort());
      for (const member of members) {
        const own = seqs.filter((s) => page.items.find((i) => i.id === s.id)!.author!.id === member.userId);
        expect(member.lastReadSeq).toBe(Math.max(...own.map((s) => s.seq)));
      }
    });

    it('gets one message, and not through another channel', async () => {
      const one = await channel(project);
      const two = await channel(project);
      const message = await post(alice, one, { text: 'here' });
      const got = await bob.call('GET', messageUrl(one, message.id));
      expect(got.statusCode).toBe(200);
      expect(got.json()).toMatchObject({ id: message.id, text: 'here' });
      const elsewhere = await bob.call('GET', messageUrl(two, message.id));
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().code).toBe('MESSAGE_NOT_FOUND');
    });

    it('refuses empty, blank and oversized text, storing nothing; takes 16,000 characters', async () => {
      const general = await channel(project);
      for (const text of ['', '   \n\t ', 'x'.repeat(16_001)]) {
        const res = await alice.call('POST', messagesUrl(general), { text });
        expect(res.statusCode, JSON.stringify(text.slice(0, 10))).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect(await stored(general)).toBe(0);
      expect((await post(alice, general, { text: 'x'.repeat(16_000) })).text).toHaveLength(16_000);
    });

    it('refuses archived channels, viewers, private channels one is not in, and other projects', async () => {
      const archived = await channel(project, 'open', { archived: true });
      const res = await alice.call('POST', messagesUrl(archived), { text: 'hi' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CHANNEL_ARCHIVED');

      const general = await channel(project);
      const byViewer = await viewer.call('POST', messagesUrl(general), { text: 'hi' });
      expect(byViewer.statusCode).toBe(403);
      // A viewer still reads it.
      expect((await viewer.call('GET', `/v1/chat/channels/${general}/messages`)).statusCode).toBe(200);

      const secret = await channel(project, 'private', { members: [owner.user.id] });
      const notIn = await alice.call('POST', messagesUrl(secret), { text: 'hi' });
      expect(notIn.statusCode).toBe(404);
      expect(notIn.json().code).toBe('CHANNEL_NOT_FOUND');
      expect((await alice.call('GET', `/v1/chat/channels/${secret}/messages`)).statusCode).toBe(404);

      // Someone of another project, naming theirs.
      const fromElsewhere = await outsider.call('POST', messagesUrl(general, otherProject), { text: 'hi' });
      expect(fromElsewhere.statusCode).toBe(404);
      expect((await outsider.call('GET', `/v1/chat/channels/${general}/messages`)).statusCode).toBe(404);
      // A member of both projects naming the wrong one.
      const wrongProject = await owner.call('POST', messagesUrl(general, ownersSecondProject), { text: 'hi' });
      expect(wrongProject.statusCode).toBe(404);
      expect(wrongProject.json().code).toBe('CHANNEL_NOT_FOUND');

      for (const id of [archived, general, secret]) expect(await stored(id)).toBe(0);
    });

    it('takes mentions only of those who can read the channel', async () => {
      const general = await channel(project);
      const outsiderMention = await alice.call('POST', messagesUrl(general), {
        text: 'hi @olga',
        mentions: [outsider.user.id],
      });
      expect(outsiderMention.statusCode).toBe(400);
      expect(outsiderMention.json().code).toBe('INVALID_MENTION');
      const fine = await post(alice, general, { text: 'hi @bob @viewer', mentions: [bob.user.id, viewer.user.id] });
      expect(fine.mentions.sort()).toEqual([bob.user.id, viewer.user.id].sort());

      // A private channel: only its members.
      const secret = await channel(project, 'private', { members: [alice.user.id, owner.user.id] });
      const notMember = await alice.call('POST', messagesUrl(secret), { text: 'hi', mentions: [bob.user.id] });
      expect(notMember.statusCode).toBe(400);
      expect(notMember.json().code).toBe('INVALID_MENTION');
      expect(await stored(secret)).toBe(0);
      await post(alice, secret, { text: 'hi', mentions: [owner.user.id] });
      expect(await stored(general)).toBe(1);
    });

    it("takes attachments of the project's drive only, and shows them as cards", async () => {
      await installDrive(owner, project);
      await installDrive(outsider, otherProject);
      const mine = await uploadAs(t, owner, project, {
        name: 'plan.txt',
        type: 'text/plain',
        bytes: Buffer.from('plan'),
      });
      const theirs = await uploadAs(t, outsider, otherProject, {
        name: 'theirs.txt',
        type: 'text/plain',
        bytes: Buffer.from('nope'),
      });
      const general = await channel(project);
      for (const attachments of [[theirs.id], [mine.id, theirs.id], ['00000000-0000-4000-8000-00000000abcd']]) {
        const res = await alice.call('POST', messagesUrl(general), { text: 'see', attachments });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('INVALID_ATTACHMENT');
      }
      expect(await stored(general)).toBe(0);
      const posted = await post(alice, general, { text: 'see', attachments: [mine.id] });
      expect(posted.attachments).toEqual([{ id: mine.id, name: 'plan.txt', type: 'text/plain', size: 4 }]);
      expect((await list(bob, general)).items[0]!.attachments).toEqual(posted.attachments);
    });

    it('replies only to a live message of the same channel', async () => {
      const one = await channel(project);
      const two = await channel(project);
      const there = await post(alice, two, { text: 'there' });
      const res = await alice.call('POST', messagesUrl(one), { text: 're', replyTo: there.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_REPLY');
      expect(await stored(one)).toBe(0);
      const reply = await post(bob, two, { text: 're', replyTo: there.id });
      expect(reply.replyTo).toBe(there.id);
      expect((await alice.call('DELETE', messageUrl(two, there.id))).statusCode).toBe(204);
      const toDeleted = await bob.call('POST', messagesUrl(two), { text: 're', replyTo: there.id });
      expect(toDeleted.statusCode).toBe(400);
      expect(toDeleted.json().code).toBe('INVALID_REPLY');
    });
  });

  describe('pages', () => {
    let busy: string;
    let ids: string[];
    beforeAll(async () => {
      busy = await channel(project);
      ids = await seed(busy, 250, alice.user.id);
    });

    it('answers the latest page by default, oldest first', async () => {
      const page = await list(bob, busy);
      expect(texts(page)).toEqual(range(201, 250));
      expect(page).toMatchObject({ hasOlder: true, hasNewer: false });
    });

    it('lands around a message centred, with exact flags near either end', async () => {
      const at = (seq: number) => ids[seq - 1]!;
      let page = await list(bob, busy, `around=${at(125)}&limit=11`);
      expect(texts(page)).toEqual(range(120, 130));
      expect(page).toMatchObject({ hasOlder: true, hasNewer: true });
      page = await list(bob, busy, `around=${at(125)}&limit=10`);
      expect(texts(page)).toEqual(range(121, 130));
      // Exactly five after the last: centred, and nothing newer.
      page = await list(bob, busy, `around=${at(245)}&limit=11`);
      expect(texts(page)).toEqual(range(240, 250));
      expect(page).toMatchObject({ hasOlder: true, hasNewer: false });
      // Exactly five before: centred, and nothing older.
      page = await list(bob, busy, `around=${at(6)}&limit=11`);
      expect(texts(page)).toEqual(range(1, 11));
      expect(page).toMatchObject({ hasOlder: false, hasNewer: true });
      // Near an end the page fills from the other side.
      page = await list(bob, busy, `around=${at(2)}&limit=11`);
      expect(texts(page)).toEqual(range(1, 11));
      expect(page).toMatchObject({ hasOlder: false, hasNewer: true });
      page = await list(bob, busy, `around=${at(250)}&limit=11`);
      expect(texts(page)).toEqual(range(240, 250));
      expect(page).toMatchObject({ hasOlder: true, hasNewer: false });
      page = await list(bob, busy, `around=${at(100)}&limit=1`);
      expect(texts(page)).toEqual(['m100']);
      expect(page).toMatchObject({ hasOlder: true, hasNewer: true });
    });

    it('pages back with before and forward with after, each message once', async () => {
      const seen: string[] = [];
      let page = await list(bob, busy, 'limit=100');
      seen.unshift(...texts(page));
      while (page.hasOlder) {
        page = await list(bob, busy, `limit=100&before=${page.items[0]!.id}`);
        expect(page.hasNewer).toBe(true);
        seen.unshift(...texts(page));
      }
      expect(seen).toEqual(range(1, 250));

      const forward: string[] = [];
      page = await list(bob, busy, `limit=100&after=${ids[0]}`);
      forward.push('m1', ...texts(page));
      expect(page.hasOlder).toBe(true);
      while (page.hasNewer) {
        page = await list(bob, busy, `limit=100&after=${page.items.at(-1)!.id}`);
        forward.push(...texts(page));
      }
      expect(forward).toEqual(range(1, 250));
      // Exactly a page at the end: no newer.
      page = await list(bob, busy, `limit=49&after=${ids[200]}`);
      expect(texts(page)).toEqual(range(202, 250));
      expect(page.hasNewer).toBe(false);
      page = await list(bob, busy, `limit=50&before=${ids[50]}`);
      expect(texts(page)).toEqual(range(1, 50));
      expect(page.hasOlder).toBe(false);
    });

    it('refuses an anchor of another channel and several anchors at once', async () => {
      const other = await channel(project);
      const foreign = await post(alice, other, { text: 'elsewhere' });
      for (const key of ['around', 'before', 'after']) {
        const res = await bob.call('GET', `/v1/chat/channels/${busy}/messages?${key}=${foreign.id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('MESSAGE_NOT_FOUND');
      }
      const both = await bob.call('GET', `/v1/chat/channels/${busy}/messages?before=${ids[9]}&after=${ids[1]}`);
      expect(both.statusCode).toBe(400);
      expect((await bob.call('GET', `/v1/chat/channels/${busy}/messages?limit=101`)).statusCode).toBe(400);
    });

    it('costs the same few statements for any page, deep or latest, small or full', async () => {
      const statementsOf = async (query: string) => {
        await list(bob, busy, query); // warm the permission cache
        return countStatements(t.database, () => list(bob, busy, query));
      };
      const latest = await statementsOf('limit=100');
      expect(latest).toBeLessThanOrEqual(4);
      expect(await statementsOf('limit=5')).toBe(latest);
      const deep = await statementsOf(`limit=100&around=${ids[124]}`);
      // The anchor's number, and two reads in place of one.
      expect(deep).toBeLessThanOrEqual(latest + 2);
      expect(await statementsOf(`limit=100&before=${ids[124]}`)).toBe(latest + 1);
    });
  });

  describe('editing and deleting', () => {
    it('edits own messages only, marking them edited', async () => {
      const general = await channel(project);
      const message = await post(alice, general, { text: 'teh plan' });
      t.clock.advance(60_000);
      const edited = await alice.call('PATCH', messageUrl(general, message.id), { text: 'the plan' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id: message.id, text: 'the plan', editedAt: t.clock.now().toISOString() });
      const byOther = await bob.call('PATCH', messageUrl(general, message.id), { text: 'hijacked' });
      expect(byOther.statusCode).toBe(403);
      const blank = await alice.call('PATCH', messageUrl(general, message.id), { text: ' ' });
      expect(blank.statusCode).toBe(400);
      expect((await list(bob, general)).items[0]!.text).toBe('the plan');
    });

    it('deletes own message to a tombstone, its reactions gone, audited', async () => {
      const general = await channel(project);
      const before = await post(alice, general, { text: 'before' });
      const message = await post(alice, general, { text: 'secret', mentions: [bob.user.id] });
      const after = await post(alice, general, { text: 'after' });
      expect((await bob.call('POST', `${messageUrl(general, message.id)}/reactions`, { emoji: '👍' })).statusCode).toBe(
        200,
      );

      const res = await alice.call('DELETE', messageUrl(general, message.id));
      expect(res.statusCode).toBe(204);
      const page = await list(bob, general);
      expect(page.items.map((item) => item.id)).toEqual([before.id, message.id, after.id]);
      expect(page.items[1]).toMatchObject({
        id: message.id,
        author: { id: alice.user.id },
        deleted: true,
        text: '',
        mentions: [],
        attachments: [],
        reactions: [],
      });
      const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
      expect(row).toMatchObject({ text: '', mentions: [], attachments: [] });
      expect(row!.deletedAt).not.toBeNull();
      expect(await t.database.db.select().from(chatReactions).where(eq(chatReactions.messageId, message.id))).toEqual(
        [],
      );
      const entries = await auditEntries(t.database.db, { target: `message:${message.id}`, result: 'success' });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        operationId: 'deleteMessage',
        actorUserId: alice.user.id,
        projectId: project,
        details: { channelId: general, byModerator: false },
      });

      // Gone once: deleting, editing or reacting again is refused.
      const again = await alice.call('DELETE', messageUrl(general, message.id));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('MESSAGE_DELETED');
      const edit = await alice.call('PATCH', messageUrl(general, message.id), { text: 'back' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().code).toBe('MESSAGE_DELETED');
      const react = await bob.call('POST', `${messageUrl(general, message.id)}/reactions`, { emoji: '👍' });
      expect(react.statusCode).toBe(409);
      expect(await auditEntries(t.database.db, { target: `message:${message.id}`, result: 'success' })).toHaveLength(1);
    });

    it("lets a moderator delete another's message, and nobody else", async () => {
      const general = await channel(project);
      const message = await post(bob, general, { text: 'spam' });
      expect((await alice.call('DELETE', messageUrl(general, message.id))).statusCode).toBe(403);
      expect((await viewer.call('DELETE', messageUrl(general, message.id))).statusCode).toBe(403);
      expect((await outsider.call('DELETE', messageUrl(general, message.id))).statusCode).toBe(404);
      expect((await owner.call('DELETE', messageUrl(general, message.id))).statusCode).toBe(204);
      const [entry] = await auditEntries(t.database.db, { target: `message:${message.id}`, result: 'success' });
      expect(entry).toMatchObject({ actorUserId: owner.user.id, details: { channelId: general, byModerator: true } });
      expect((await getOne(bob, general, message.id)).deleted).toBe(true);
    });

    it('refuses deleting in an archived channel', async () => {
      const general = await channel(project);
      const message = await post(alice, general, { text: 'kept' });
      await t.database.db.update(chatChannels).set({ archivedAt: t.clock.now() }).where(eq(chatChannels.id, general));
      const res = await alice.call('DELETE', messageUrl(general, message.id));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CHANNEL_ARCHIVED');
      expect((await getOne(alice, general, message.id)).text).toBe('kept');
    });
  });

  describe('reactions', () => {
    it('counts one of each emoji per person, with mine for the caller, and takes them back', async () => {
      const general = await channel(project);
      const message = await post(alice, general, { text: 'ship it?' });
      const reactions = `${messageUrl(general, message.id)}/reactions`;
      const add = async (who: BearerUser, emoji: string) => {
        const res = await who.call('POST', reactions, { emoji });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as MessageView;
      };
      await add(alice, '👍');
      t.clock.advance(1000);
      expect((await add(alice, '👍')).reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
      t.clock.advance(1000);
      await add(bob, '👍');
      t.clock.advance(1000);
      expect((await add(bob, '🎉')).reactions).toEqual([
        { emoji: '👍', count: 2, mine: true },
        { emoji: '🎉', count: 1, mine: true },
      ]);
      expect((await getOne(alice, general, message.id)).reactions).toEqual([
        { emoji: '👍', count: 2, mine: true },
        { emoji: '🎉', count: 1, mine: false },
      ]);
      const rows = await t.database.db
        .select()
        .from(chatReactions)
        .where(and(eq(chatReactions.messageId, message.id), eq(chatReactions.emoji, '👍')));
      expect(rows).toHaveLength(2);

      for (const emoji of ['thumbsup', ':+1:', '👍👍', '']) {
        expect((await alice.call('POST', reactions, { emoji })).statusCode, emoji).toBe(400);
      }
      // A viewer may not react.
      expect((await viewer.call('POST', reactions, { emoji: '👍' })).statusCode).toBe(403);

      const removed = await alice.call('DELETE', reactions, { emoji: '👍' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().reactions).toEqual([
        { emoji: '👍', count: 1, mine: false },
        { emoji: '🎉', count: 1, mine: false },
      ]);
      // Taking back what one never gave changes nothing.
      const noop = await alice.call('DELETE', reactions, { emoji: '🎉' });
      expect(noop.statusCode).toBe(200);
      expect(noop.json().reactions).toEqual(removed.json().reactions);
      expect((await list(bob, general)).items[0]!.reactions).toEqual([
        { emoji: '👍', count: 1, mine: true },
        { emoji: '🎉', count: 1, mine: true },
      ]);
    });
  });
});
