import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { installDrive, uploadAs } from '../../test/drive.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { sql } from 'drizzle-orm';
import { addMembers } from '../access/testing.js';
import { SEARCH_CANDIDATES } from './search-handlers.js';

interface Found {
  id: string;
  channelId: string;
  author: { id: string; name: string } | null;
  text: string;
  attachments: { id: string; name: string }[];
  createdAt: string;
  deleted: boolean;
  reactions: { emoji: string; count: number; mine: boolean }[];
}

const HOUR = 60 * 60 * 1000;

describe('chat search', () => {
  let t: TestApp;
  let owner: BearerUser;
  let alice: BearerUser;
  let bob: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let general: string;
  let random: string;
  /** Messages of #general by name, posted over three days (2026-01-15, 16 and 17, UTC). */
  const sent: Record<string, string> = {};

  const createChannel = async (who: BearerUser, body: object) => {
    const res = await who.call('POST', `/v1/chat/channels?project=${project}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const post = async (who: BearerUser, channelId: string, text: string, attachments: string[] = []) => {
    const res = await who.call('POST', `/v1/chat/channels/${channelId}/messages?project=${project}`, {
      text,
      attachments,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const searchCall = (who: BearerUser, channelId: string, search: string, limit?: number) =>
    who.call(
      'GET',
      `/v1/chat/channels/${channelId}/messages/search?search=${encodeURIComponent(search)}${limit ? `&limit=${limit}` : ''}`,
    );
  const found = async (who: BearerUser, channelId: string, search: string, limit?: number) => {
    const res = await searchCall(who, channelId, search, limit);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Found[] }).items;
  };
  const textsOf = async (search: string, who: BearerUser = bob) =>
    (await found(who, general, search)).map((item) => item.text);
  /** The next day: the clock moved and every token minted again (they would have expired). */
  const later = async (ms: number) => {
    t.clock.advance(ms);
    for (const who of [owner, alice, bob, outsider]) await who.refresh();
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    alice = await bearerUser(t, 'alice@example.com');
    bob = await bearerUser(t, 'bob@example.com');
    outsider = await bearerUser(t, 'olga@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
    // Before any of them calls anything in the project, so no cached decision says otherwise.
    await addMembers(t.database.db, project, [alice.user.id, bob.user.id]);
    await installDrive(owner, project);
    const file = await uploadAs(t, alice, project, {
      name: 'menu.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 menu'),
    });
    general = await createChannel(owner, { kind: 'open', name: 'general' });
    random = await createChannel(owner, { kind: 'open', name: 'random' });

    // 2026-01-15, from 12:00 UTC.
    sent.invoice = await post(alice, general, 'Invoice ACME-42 is ready for Bob');
    sent.late = await post(bob, general, 'The invoice is late again');
    sent.gone = await post(alice, general, 'Secret invoice draft, do not share');
    await post(alice, random, 'Another invoice, in another channel');
    // 2026-01-16, 01:00 UTC.
    await later(13 * HOUR);
    sent.lunch = await post(alice, general, 'Lunch today? Here is the menu', [file.id]);
    // 2026-01-17, 01:00 UTC.
    await later(24 * HOUR);
    sent.release = await post(bob, general, 'Release notes for v2 are out');
    const reacted = await owner.call('POST', `/v1/chat/channels/${general}/messages/${sent.release}/reactions`, {
      emoji: '👍',
    });
    expect(reacted.statusCode, reacted.body).toBe(200);
    const deleted = await alice.call('DELETE', `/v1/chat/channels/${general}/messages/${sent.gone}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });
  afterAll(() => t.close());

  it('finds a message by a word, whatever its case, with the view a page gives', async () => {
    const items = await found(bob, general, 'acme-42');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: sent.invoice,
      channelId: general,
      author: { id: alice.user.id },
      text: 'Invoice ACME-42 is ready for Bob',
      deleted: false,
    });
    expect(await textsOf('RELEASE')).toEqual(['Release notes for v2 are out']);
  });

  it('requires every word, matches whole words, and reads "quoted words" as a phrase', async () => {
    expect(await textsOf('invoice')).toEqual(['The invoice is late again', 'Invoice ACME-42 is ready for Bob']);
    expect(await textsOf('invoice late')).toEqual(['The invoice is late again']);
    expect(await textsOf('invoice lunch')).toEqual([]);
    expect(await textsOf('invo')).toEqual([]);
    expect(await textsOf('"notes for"')).toEqual(['Release notes for v2 are out']);
    expect(await textsOf('"for notes"')).toEqual([]);
  });

  it('never finds a deleted message, nor one of another channel', async () => {
    expect(await textsOf('secret')).toEqual([]);
    expect(await textsOf('draft invoice')).toEqual([]);
    const everything = await found(bob, general, 'after:2000-01-01');
    expect(everything.map((item) => item.id)).not.toContain(sent.gone);
    expect(everything.every((item) => item.channelId === general && !item.deleted)).toBe(true);
    expect(await textsOf('another')).toEqual([]);
    expect((await found(bob, random, 'invoice')).map((item) => item.text)).toEqual([
      'Another invoice, in another channel',
    ]);
  });

  it('filters by author, by id or by email, alone or with words', async () => {
    expect(await textsOf(`from:${bob.user.id}`)).toEqual(['Release notes for v2 are out', 'The invoice is late again']);
    expect(await textsOf('from:ALICE@example.com invoice')).toEqual(['Invoice ACME-42 is ready for Bob']);
    // A filter's values are alternatives.
    expect(await found(bob, general, `from:alice@example.com,${bob.user.id}`)).toHaveLength(4);
    expect(await textsOf('from:nobody@example.com')).toEqual([]);
  });

  it('filters by attachment and by reaction', async () => {
    const withFile = await found(bob, general, 'has:attachment');
    expect(withFile.map((item) => item.id)).toEqual([sent.lunch]);
    expect(withFile[0]!.attachments).toMatchObject([{ name: 'menu.pdf' }]);
    const liked = await found(owner, general, 'reaction:👍');
    expect(liked.map((item) => item.id)).toEqual([sent.release]);
    expect(liked[0]!.reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    expect(await textsOf('reaction:🎉')).toEqual([]);
    expect(await textsOf('reaction:👍 invoice')).toEqual([]);
  });

  it('filters by UTC day: before a day is earlier than its start, after a day is from the next day on', async () => {
    expect(await textsOf('before:2026-01-16')).toEqual([
      'The invoice is late again',
      'Invoice ACME-42 is ready for Bob',
    ]);
    expect(await textsOf('before:2026-01-15')).toEqual([]);
    expect(await textsOf('after:2026-01-15')).toEqual([
      'Release notes for v2 are out',
      'Lunch today? Here is the menu',
    ]);
    expect(await textsOf('after:2026-01-16')).toEqual(['Release notes for v2 are out']);
    expect(await textsOf('after:2026-01-15 before:2026-01-17')).toEqual(['Lunch today? Here is the menu']);
    expect(await textsOf('after:2026-01-17')).toEqual([]);
  });

  it('puts the last millisecond of a day before it, and midnight in the next day', async () => {
    const edges = await createChannel(owner, { kind: 'open', name: 'edges' });
    await later(new Date('2026-01-19T23:59:59.999Z').getTime() - t.clock.now().getTime());
    await post(alice, edges, 'edge late evening');
    await later(1);
    await post(alice, edges, 'edge midnight');
    const edgeTexts = async (search: string) => (await found(bob, edges, search)).map((item) => item.text);
    expect(await edgeTexts('edge before:2026-01-20')).toEqual(['edge late evening']);
    expect(await edgeTexts('edge after:2026-01-19')).toEqual(['edge midnight']);
    expect(await edgeTexts('edge after:2026-01-20')).toEqual([]);
    // Alternatives of one date filter: before the later day, after the earlier one.
    expect(await edgeTexts('edge before:2026-01-19,2026-01-21')).toEqual(['edge midnight', 'edge late evening']);
    expect(await edgeTexts('edge after:2026-01-18,2026-01-20')).toEqual(['edge midnight', 'edge late evening']);
  });

  it('refuses a filter value it does not know with 400 INVALID_SEARCH naming it', async () => {
    for (const [search, named] of [
      ['has:link', 'link'],
      ['before:2026-02-30', '2026-02-30'],
      ['after:yesterday', 'yesterday'],
      ['from:someone', 'someone'],
      ['reaction:like', 'like'],
    ] as const) {
      const res = await searchCall(bob, general, search);
      expect(res.statusCode, search).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_SEARCH' });
      expect((res.json() as { message: string }).message).toContain(named);
    }
  });

  it('takes hostile input as plain words: never a 500', async () => {
    for (const search of [
      '&|!():*',
      'invoice & !late',
      "invoice' or 1=1 --",
      '!!!',
      ':*',
      'a:b:c',
      '"unclosed',
      '<->',
      'invoice | late',
      '\\',
      '%_',
      'x'.repeat(500),
    ]) {
      const res = await searchCall(bob, general, search);
      expect([200, 400], `${search}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 400)
        expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // Punctuation is no syntax: `&` and `!` are dropped, the words still all required.
    expect(await textsOf('invoice & !late')).toEqual(['The invoice is late again']);
    const nul = await searchCall(bob, general, 'invoice\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers newest first, at most `limit`', async () => {
    const busy = await createChannel(owner, { kind: 'open', name: 'busy' });
    for (let i = 1; i <= 5; i++) await post(alice, busy, `ping number ${i}`);
    const items = await found(bob, busy, 'ping', 3);
    expect(items.map((item) => item.text)).toEqual(['ping number 5', 'ping number 4', 'ping number 3']);
    expect(await found(bob, busy, 'ping')).toHaveLength(5);
    expect((await searchCall(bob, busy, 'ping', 101)).statusCode).toBe(400);
  });

  it('searches an archived channel; a channel one may not read is not there', async () => {
    const old = await createChannel(owner, { kind: 'open', name: 'old' });
    await post(owner, old, 'Archived but findable');
    const archived = await owner.call('PATCH', `/v1/chat/channels/${old}?project=${project}`, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await found(bob, old, 'findable')).map((item) => item.text)).toEqual(['Archived but findable']);

    const secret = await createChannel(owner, { kind: 'private', name: 'board', users: [bob.user.id] });
    await post(owner, secret, 'Board minutes');
    expect((await found(bob, secret, 'minutes')).map((item) => item.text)).toEqual(['Board minutes']);
    for (const [who, channelId] of [
      [alice, secret],
      [outsider, secret],
      [outsider, general],
      [alice, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await searchCall(who, channelId, 'minutes');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    }
  });

  const textsIn = async (channelId: string, search: string, limit: number) =>
    (await found(bob, channelId, search, limit)).map((item) => item.text);

  it('answers the newest matches whether a word is rarer or commoner than the candidates counted first', async () => {
    const big = await createChannel(owner, { kind: 'open', name: 'big' });
    // Straight into the table: more messages with a common word than the candidates the search
    // counts through its index, a few with a rare word among them, and the seq order as posting gives.
    const total = SEARCH_CANDIDATES + 300;
    await t.database.db.execute(sql`
      insert into chat_messages (channel_id, seq, author_id, text, created_at)
      select ${big}, n, ${alice.user.id},
             case when n % 500 = 0 then 'common rare ' || n else 'common ' || n end,
             now()
      from generate_series(1, ${total}) as n`);
    await t.database.db.execute(sql`update chat_channels set last_seq = ${total} where id = ${big}`);
    expect(await textsIn(big, 'common', 3)).toEqual([`common ${total}`, `common ${total - 1}`, `common ${total - 2}`]);
    expect(await textsIn(big, 'rare', 3)).toEqual(['common rare 2000', 'common rare 1500', 'common rare 1000']);
    expect(await textsIn(big, 'nowhere', 3)).toEqual([]);
    expect(await textsIn(big, `from:${alice.user.id} rare`, 20)).toHaveLength(4);
  });
});
