import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, makeMailingList, subscribe } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { projectKey } from '../../../test/storefront.js';
import { addMembers } from '../../access/testing.js';
import { emailHash } from '../email-hash.js';
import { SIGN_UPS_PER_MINUTE } from './subscriber-handlers.js';
import { marketingSubscriberEvents, marketingSuppressions } from '../schema.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('mail subscribers', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let viewer: BearerUser;
  let project: string;
  let news: string;

  const url = (path = '', query = '') => `/v1/mail/subscribers${path}?project=${project}${query}`;
  /** Each subscriber a second after the one before: newest first is then the order they were added in. */
  const add = async (body: Record<string, unknown>, as: Pick<BearerUser, 'call'> = owner) => {
    t.clock.advance(1000);
    return subscribe(as, project, body);
  };
  const list = async (query = '') => {
    const res = await owner.call('GET', url('', query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };
  const eventsOf = async (id: string, query = '') => {
    const res = await owner.call('GET', url(`/${id}/events`, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };
  const put = (id: string, body: object, as: BearerUser = owner) => as.call('PUT', url(`/${id}`), body);
  const replacement = (s: Json, changes: object = {}) => ({
    email: s.email,
    name: s.name,
    gender: s.gender,
    attributes: s.attributes,
    lists: s.lists.map((l: Json) => l.id),
    status: s.status,
    ...changes,
  });

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [member.user.id], 'member');
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    await installMarketing(owner, project);
    news = (await makeMailingList(owner, project, { name: 'News' })).id;
  });
  afterAll(() => t.close());

  it('adds a subscriber from the console: subscribed at once, consent recorded, lists, activity and audit', async () => {
    const made = await add({
      email: '  Ada@Example.COM ',
      name: ' Ada Lovelace ',
      gender: 'female',
      attributes: { plan: 'gold', visits: 3 },
      lists: [news],
    });
    expect(made).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      gender: 'female',
      attributes: { plan: 'gold', visits: 3 },
      status: 'subscribed',
      lists: [{ id: news, name: 'News' }],
      consentAt: t.clock.now().toISOString(),
      consentSource: 'console',
      unsubscribedAt: null,
      lastPurchasedAt: null,
      purchaseCount: 0,
    });
    expect((await eventsOf(made.id)).items.map((e: Json) => [e.kind, e.detail])).toEqual([
      ['list_added', 'News'],
      ['created', 'console'],
    ]);
    const audit = await auditEntries(t.database.db, {
      operationId: 'createSubscriber',
      target: `subscriber:${made.id}`,
    });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('ada@example.com');
    const got = await owner.call('GET', url(`/${made.id}`));
    expect(got.json()).toEqual(made);
  });

  it('refuses an address already a subscriber, a list of another project, and input it cannot keep', async () => {
    await add({ email: 'grace@example.com' });
    const again = await owner.call('POST', url(), { email: 'GRACE@example.com' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'SUBSCRIBER_EXISTS']);

    const other = (await createProjectAs(owner, 'Other shop')).id;
    await installMarketing(owner, other);
    const theirs = await makeMailingList(owner, other, { name: 'Theirs' });
    const foreign = await owner.call('POST', url(), { email: 'x@example.com', lists: [theirs.id] });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'LIST_NOT_FOUND']);

    const before = (await list()).total;
    for (const body of [
      { email: 'not an address' },
      { email: 'nul\u0000@example.com' },
      { email: 'a@example.com', name: 'nul \u0000 byte' },
      { email: 'a@example.com', gender: 'other' },
      { email: 'a@example.com', attributes: { 'bad key': 1 } },
      { email: 'a@example.com', status: 'bounced' },
    ]) {
      const res = await owner.call('POST', url(), body);
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await list()).total).toBe(before);
  });

  it('lets members and viewers read but not write; a form key only adds; other projects see nothing', async () => {
    const ada = (await list('&search=ada')).items[0] as Json;
    expect((await member.call('GET', url(`/${ada.id}`))).statusCode).toBe(200);
    expect((await viewer.call('GET', url())).statusCode).toBe(200);
    for (const as of [member, viewer]) {
      expect((await as.call('POST', url(), { email: 'm@example.com' })).statusCode).toBe(403);
      expect((await put(ada.id, replacement(ada, { name: 'Taken' }), as)).statusCode).toBe(403);
      expect((await as.call('DELETE', url(`/${ada.id}`))).statusCode).toBe(403);
    }
    const form = await projectKey(t, owner, project, ['mail.subscribe']);
    expect((await form.call('GET', url())).statusCode).toBe(403);

    const stranger = await bearerUser(t, 'stranger@example.com');
    const theirs = (await createProjectAs(stranger, 'Stranger shop')).id;
    await installMarketing(stranger, theirs);
    const asThem = (path: string) => stranger.call('GET', `/v1/mail/subscribers${path}?project=${theirs}`);
    expect((await asThem(`/${ada.id}`)).statusCode).toBe(404);
    expect((await asThem(`/${ada.id}/events`)).statusCode).toBe(404);
    const put404 = await stranger.call(
      'PUT',
      `/v1/mail/subscribers/${ada.id}?project=${theirs}`,
      replacement(ada, { lists: [] }),
    );
    expect(put404.statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/v1/mail/subscribers/${ada.id}?project=${theirs}`)).statusCode).toBe(404);
    expect((await asThem('')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('answers 403 where the Marketing module is not installed', async () => {
    const bare = (await createProjectAs(owner, 'No marketing')).id;
    for (const [method, path, body] of [
      ['GET', `/v1/mail/subscribers?project=${bare}`],
      ['POST', `/v1/mail/subscribers?project=${bare}`, { email: 'z@example.com' }],
      ['GET', `/v1/mail/mailing-lists?project=${bare}`],
    ] as const) {
      const res = await owner.call(method, path, body);
      expect([res.statusCode, res.json().code], res.body).toEqual([403, 'MODULE_NOT_INSTALLED']);
    }
  });

  it('lists newest first, searches every word, filters by status and list, pages with a total', async () => {
    const linus = await add({ email: 'linus@kernel.org', name: 'Linus Torvalds', lists: [news] });
    const alan = await add({ email: 'alan@bletchley.uk', name: 'Alan Turing', status: 'unconfirmed' });
    const all = await list();
    expect(all.items.slice(0, 2).map((s: Json) => s.email)).toEqual([alan.email, linus.email]);
    expect(all.total).toBeGreaterThanOrEqual(4);

    expect((await list('&search=turing%20bletchley')).items.map((s: Json) => s.id)).toEqual([alan.id]);
    expect((await list('&search=turing%20kernel')).items).toEqual([]);
    expect(await list('&status=unconfirmed')).toMatchObject({ items: [{ id: alan.id }], total: 1 });
    const members = await list(`&mailingListId=${news}`);
    expect(members.items.map((s: Json) => s.email)).toEqual(['linus@kernel.org', 'ada@example.com']);
    expect(members.total).toBe(2);

    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page: Json = await list(`&pageSize=2${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      expect(page.total).toBe(all.total);
      seen.push(...page.items.map((s: Json) => s.id));
      token = page.nextPageToken;
    } while (token);
    expect(seen).toEqual(all.items.map((s: Json) => s.id));
    const forged = await owner.call('GET', url('', '&pageToken=garbage'));
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'INVALID_PAGE_TOKEN']);

    // The total is counted with the first page only: the next pages carry it, not count again.
    const first: Json = await list('&pageSize=1');
    await add({ email: 'late.comer@example.com' });
    const next: Json = await list(`&pageSize=1&pageToken=${encodeURIComponent(first.nextPageToken)}`);
    expect(next.total).toBe(first.total);
    expect((await list('&pageSize=1')).total).toBe(first.total + 1);
    const cut = await owner.call(
      'GET',
      url('', `&pageToken=${encodeURIComponent(first.nextPageToken.replace(/\.\d+$/, ''))}`),
    );
    expect(cut.statusCode).toBe(400);
  });

  it('replaces a subscriber: fields, lists and status, each a line of activity; nobody is made subscribed', async () => {
    const vip = await makeMailingList(owner, project, { name: 'VIP' });
    const made = await add({ email: 'edsger@example.com', name: 'Edsger', lists: [news] });
    t.clock.advance(1000);
    const res = await put(
      made.id,
      replacement(made, {
        email: 'Dijkstra@Example.com',
        name: 'Edsger Dijkstra',
        attributes: { tier: 1 },
        lists: [vip.id],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'dijkstra@example.com',
      name: 'Edsger Dijkstra',
      attributes: { tier: 1 },
      lists: [{ id: vip.id, name: 'VIP' }],
      status: 'subscribed',
      updatedAt: t.clock.now().toISOString(),
    });
    const kinds = (await eventsOf(made.id)).items.map((e: Json) => [e.kind, e.detail]);
    expect(kinds.slice(0, 3)).toEqual([
      ['list_removed', 'News'],
      ['list_added', 'VIP'],
      ['updated', 'email, name, attributes'],
    ]);

    const taken = await put(made.id, replacement(res.json(), { email: 'ada@example.com' }));
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'SUBSCRIBER_EXISTS']);

    t.clock.advance(1000);
    const out = await put(made.id, replacement(res.json(), { status: 'unsubscribed' }));
    expect(out.json()).toMatchObject({ status: 'unsubscribed', unsubscribedAt: t.clock.now().toISOString() });
    expect((await eventsOf(made.id)).items[0]).toMatchObject({ kind: 'unsubscribed', detail: 'console' });
    const back = await put(made.id, replacement(out.json(), { status: 'subscribed' }));
    expect([back.statusCode, back.json().code]).toEqual([409, 'CONSENT_REQUIRED']);
    expect(back.json().message).toMatch(/confirmation/);
    // Nor made unconfirmed, which would mail a confirmation link to someone who left.
    const ask = await put(made.id, replacement(out.json(), { status: 'unconfirmed' }));
    expect([ask.statusCode, ask.json().code]).toEqual([409, 'CONSENT_REQUIRED']);
    expect((await owner.call('GET', url(`/${made.id}`))).json()).toMatchObject({ status: 'unsubscribed' });
    const confirmed = await add({ email: 'already@example.com' });
    const reask = await put(confirmed.id, replacement(confirmed, { status: 'unconfirmed' }));
    expect([reask.statusCode, reask.json().code]).toEqual([409, 'CONSENT_REQUIRED']);

    // Nothing to change: answered, audited, no activity.
    const before = (await eventsOf(made.id)).items.length;
    const same = await put(made.id, replacement(out.json()));
    expect(same.statusCode).toBe(200);
    expect((await eventsOf(made.id)).items).toHaveLength(before);
    const audit = await auditEntries(t.database.db, {
      operationId: 'updateSubscriber',
      target: `subscriber:${made.id}`,
    });
    expect(audit.filter((a) => a.result === 'success')).toHaveLength(3);
  });

  it('pages the activity newest first', async () => {
    const made = await add({ email: 'pager@example.com' });
    for (const name of ['A', 'B', 'C']) {
      t.clock.advance(1000);
      expect((await put(made.id, replacement(made, { name }))).statusCode).toBe(200);
    }
    const first = await eventsOf(made.id, '&pageSize=2');
    expect(first.items.map((e: Json) => e.kind)).toEqual(['updated', 'updated']);
    const second = await eventsOf(made.id, `&pageSize=2&pageToken=${encodeURIComponent(first.nextPageToken)}`);
    expect(second.items.map((e: Json) => e.kind)).toEqual(['updated', 'created']);
    expect(second.nextPageToken).toBeNull();
    const forged = await owner.call('GET', url(`/${made.id}/events`, '&pageToken=abc.def'));
    expect(forged.statusCode).toBe(400);
  });

  it('erases a subscriber, keeps only a hash of the address, and refuses the address afterwards', async () => {
    const made = await add({ email: 'erase.me@example.com', name: 'Erase Me', lists: [news] });
    const res = await owner.call('DELETE', url(`/${made.id}`));
    expect(res.statusCode, res.body).toBe(204);
    expect((await owner.call('GET', url(`/${made.id}`))).statusCode).toBe(404);
    const db = t.database.db;
    expect(
      await db.select().from(marketingSubscriberEvents).where(eq(marketingSubscriberEvents.subscriberId, made.id)),
    ).toEqual([]);
    const [kept] = await db
      .select()
      .from(marketingSuppressions)
      .where(
        and(
          eq(marketingSuppressions.projectId, project),
          eq(marketingSuppressions.emailHash, emailHash('erase.me@example.com')),
        ),
      );
    expect(kept).toMatchObject({ reason: 'deleted' });
    const audit = await auditEntries(db, { operationId: 'deleteSubscriber', target: `subscriber:${made.id}` });
    expect(JSON.stringify(audit)).not.toContain('erase.me');

    const again = await owner.call('POST', url(), { email: 'Erase.Me@example.com' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'ADDRESS_SUPPRESSED']);
    const ada = (await list('&search=ada')).items[0] as Json;
    const moved = await put(ada.id, replacement(ada, { email: 'erase.me@example.com' }));
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'ADDRESS_SUPPRESSED']);
  });

  it("answers a sign-up form's key the same for a new, a known and an erased address, and changes nothing known", async () => {
    const form = await projectKey(t, owner, project, ['mail.subscribe']);
    const signUp = (email: string) => form.call('POST', url(), { email, name: 'Someone Else', consentSource: 'form' });
    const known = await add({ email: 'known@example.com', name: 'Known Person' });
    const erased = await add({ email: 'erased@example.com' });
    expect((await owner.call('DELETE', url(`/${erased.id}`))).statusCode).toBe(204);

    const answers = [];
    for (const email of ['fresh@example.com', 'known@example.com', 'erased@example.com']) {
      const res = await signUp(email);
      answers.push([res.statusCode, res.json()]);
      expect(res.body).not.toContain('Known Person');
    }
    expect(answers[0]).toEqual([201, { received: true, message: expect.any(String) }]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect((await list('&search=fresh%40example.com')).items).toHaveLength(1);
    const still = (await owner.call('GET', url(`/${known.id}`))).json();
    expect(still).toEqual(known);
    expect((await list('&search=erased%40example.com')).items).toEqual([]);
    // A key that may read the list is told, as the console is.
    const reader = await projectKey(t, owner, project, ['mail.subscribe', 'mail.read']);
    const told = await reader.call('POST', url(), { email: 'known@example.com' });
    expect([told.statusCode, told.json().code]).toEqual([409, 'SUBSCRIBER_EXISTS']);
    const audit = await auditEntries(t.database.db, { operationId: 'createSubscriber' });
    expect(audit.filter((a) => a.result === 'success' && a.target === null)).toHaveLength(2);
  });

  it("limits a key's sign-ups per address, not the console's adds", async () => {
    const shop = (await createProjectAs(owner, 'Busy shop')).id;
    await installMarketing(owner, shop);
    const form = await projectKey(t, owner, shop, ['mail.subscribe']);
    const post = (as: Pick<BearerUser, 'call'>, n: number) =>
      as.call('POST', `/v1/mail/subscribers?project=${shop}`, { email: `burst${n}@example.com` });
    for (let n = 0; n < SIGN_UPS_PER_MINUTE; n += 1) expect((await post(form, n)).statusCode).toBe(201);
    const refused = await post(form, 999);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect((await post(owner, 1000)).statusCode).toBe(201);
  });
});
