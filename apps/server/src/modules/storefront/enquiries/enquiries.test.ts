import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { anOrder, projectKey, storefrontBase } from '../../../test/storefront.js';
import { addMembers } from '../../access/testing.js';
import { outboxTo } from '../../mail/testing.js';
import { storefrontEnquiryLogs } from '../schema.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  subject: 'Where is my parcel?',
  message: 'Hello,\n\nI ordered a mug last week and it has not arrived yet.\n\nAda',
  ...overrides,
});

describe('storefront enquiries', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let finance: BearerUser;
  let project: string;
  let base: string;
  let form: Awaited<ReturnType<typeof projectKey>>;

  /** Each enquiry a second after the one before: newest first is then the order they were sent in. */
  const submit = async (body: object = enquiry()) => {
    t.clock.advance(1000);
    return form.call('POST', `${base}/customers/enquiries?project=${project}`, body);
  };
  const url = (path = '', query = '') => `${base}/customers/enquiries${path}?project=${project}${query}`;
  const list = async (query = '') => {
    const res = await owner.call('GET', url('', query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };
  const logsOf = async (id: string) => ((await owner.call('GET', url(`/${id}/logs`))).json() as Json).items as Json[];
  const patch = (id: string, body: object, as: BearerUser = owner) => as.call('PATCH', url(`/${id}`), body);

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    finance = await bearerUser(t, 'finance@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [member.user.id], 'member');
    await addMembers(t.database.db, project, [finance.user.id], 'finance');
    base = await storefrontBase(t, project);
    form = await projectKey(t, owner, project, ['enquiries.create']);
    // Ada is a customer of the shop; whoever else writes is not (yet).
    const shop = await projectKey(t, owner, project, ['orders.create']);
    expect((await shop.call('POST', `${base}/orders?project=${project}`, anOrder())).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("takes the contact form's enquiry: trimmed, lower-cased, linked to the customer, logged and audited", async () => {
    const res = await submit(
      enquiry({ email: '  Ada@Example.COM ', name: ' Ada Lovelace ', subject: ' Where is my parcel? ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Json;
    expect(made).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      subject: 'Where is my parcel?',
      status: 'open',
      read: false,
      replied: false,
      readAt: null,
      repliedAt: null,
      closedAt: null,
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    });
    expect(made.customerId).toBe(made.customer.id);
    expect(made.message).toContain('it has not arrived yet');
    expect(await logsOf(made.id)).toMatchObject([{ kind: 'received', actor: 'The storefront', message: null }]);
    const audit = await auditEntries(t.database.db, { operationId: 'submitEnquiry', target: `enquiry:${made.id}` });
    expect(audit).toHaveLength(1);

    const stranger = (await submit(enquiry({ email: 'grace@example.com', name: 'Grace Hopper' }))).json() as Json;
    expect(stranger).toMatchObject({ customerId: null, customer: null });
  });

  it('refuses a form without enquiries.create, and input it cannot keep, saying what to fix', async () => {
    const orders = await projectKey(t, owner, project, ['orders.create']);
    const refused = await orders.call('POST', url(), enquiry());
    expect(refused.statusCode).toBe(403);
    expect((await member.call('POST', url(), enquiry())).statusCode).toBe(403);
    const before = (await list()).items.length;
    const cases: object[] = [
      enquiry({ email: 'not an address' }),
      enquiry({ name: '   ' }),
      enquiry({ subject: 'x'.repeat(201) }),
      enquiry({ message: 'x'.repeat(10_001) }),
      enquiry({ subject: 'Two\nlines' }),
      enquiry({ message: 'nul \u0000 byte' }),
      { email: 'ada@example.com' },
    ];
    for (const body of cases) {
      const res = await submit(body);
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await list()).items).toHaveLength(before);
  });

  it('lists newest first with an excerpt, searches, ranges dates, filters unread and status, pages', async () => {
    const from = t.clock.now().toISOString();
    const long = (
      await submit(
        enquiry({
          email: 'linus@example.com',
          name: 'Linus',
          subject: 'Bulk order',
          message: `Hi  there\n\n${'word '.repeat(80)}`,
        }),
      )
    ).json() as Json;
    const page = await list(`&start=${from}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: long.id, subject: 'Bulk order', read: false, status: 'open' });
    expect(page.items[0].excerpt.startsWith('Hi there word word')).toBe(true);
    expect(page.items[0].excerpt.length).toBeLessThanOrEqual(140);
    expect(page.items[0].excerpt.endsWith('…')).toBe(true);

    const all = await list();
    expect(all.items.map((item: Json) => item.name)).toEqual(['Linus', 'Grace Hopper', 'Ada Lovelace']);
    expect(all.unreadCount).toBe(3);
    expect((await list('&search=GRACE')).items.map((item: Json) => item.name)).toEqual(['Grace Hopper']);
    expect((await list('&search=parcel%20ada')).items.map((item: Json) => item.name)).toEqual(['Ada Lovelace']);
    expect((await list('&search=linus%40example')).items).toHaveLength(1);
    expect((await list(`&end=${from}`)).items.map((item: Json) => item.name)).toEqual(['Grace Hopper', 'Ada Lovelace']);

    const first = await list('&pageSize=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = await list(`&pageSize=2&pageToken=${encodeURIComponent(first.nextPageToken)}`);
    expect(second.items.map((item: Json) => item.name)).toEqual(['Ada Lovelace']);
    expect(second.nextPageToken).toBeNull();

    expect((await patch(long.id, { read: true, status: 'closed' })).statusCode).toBe(200);
    const unread = await list('&unread=true');
    expect(unread.items.map((item: Json) => item.name)).toEqual(['Grace Hopper', 'Ada Lovelace']);
    expect(unread.unreadCount).toBe(2);
    expect((await list('&status=closed')).items.map((item: Json) => item.name)).toEqual(['Linus']);
    expect((await list('&status=open')).items).toHaveLength(2);
    expect((await list('&status=closed&search=grace')).items).toEqual([]);
  });

  it('reads an enquiry without changing it, and marks it read once however often it is asked', async () => {
    const id = (await list('&search=grace')).items[0].id as string;
    const got = await owner.call('GET', url(`/${id}`));
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ read: false, readAt: null });
    expect((await owner.call('GET', url(`/${id}`))).json().read).toBe(false);

    t.clock.advance(1000);
    const read = await patch(id, { read: true });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ read: true, readAt: t.clock.now().toISOString() });
    const readAt = read.json().readAt as string;
    t.clock.advance(1000);
    expect((await patch(id, { read: true })).json().readAt).toBe(readAt);
    expect((await logsOf(id)).map((line) => line.kind)).toEqual(['received', 'read']);
    expect((await logsOf(id))[1]).toMatchObject({ actor: 'owner@example.com' });

    // Unread again: no log line; reading it again is a new `read` line.
    expect((await patch(id, { read: false })).json()).toMatchObject({ read: false, readAt: null });
    expect((await patch(id, { read: true })).json().read).toBe(true);
    expect((await logsOf(id)).map((line) => line.kind)).toEqual(['received', 'read', 'read']);

    const audit = await auditEntries(t.database.db, { operationId: 'updateEnquiry', target: `enquiry:${id}` });
    expect(audit.map((entry) => entry.details)).toEqual([
      { changes: ['read'] },
      { changes: [] },
      { changes: ['unread'] },
      { changes: ['read'] },
    ]);
  });

  it('closes and reopens, logging each change once', async () => {
    const id = (await list('&search=grace')).items[0].id as string;
    const closed = (await patch(id, { status: 'closed' })).json() as Json;
    expect(closed).toMatchObject({ status: 'closed', closedAt: t.clock.now().toISOString() });
    await patch(id, { status: 'closed' });
    const reopened = (await patch(id, { status: 'open' })).json() as Json;
    expect(reopened).toMatchObject({ status: 'open', closedAt: null });
    expect((await logsOf(id)).map((line) => line.kind)).toEqual(['received', 'read', 'read', 'closed', 'reopened']);
  });

  it('mails a reply to the enquirer, logs it with its text and the member, and marks the enquiry read', async () => {
    const id = (await list('&search=ada')).items[0].id as string;
    expect((await owner.call('GET', url(`/${id}`))).json().read).toBe(false);
    // A closed enquiry can be answered and stays closed.
    await patch(id, { status: 'closed' });
    t.clock.advance(5000);
    const res = await owner.call('POST', url(`/${id}/reply`), { message: '  Hello Ada,\n\nIt ships today.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      read: true,
      replied: true,
      status: 'closed',
      repliedAt: t.clock.now().toISOString(),
      readAt: t.clock.now().toISOString(),
    });
    const [mail] = await outboxTo(t.database.db, 'ada@example.com');
    expect(mail!.subject).toBe('Re: Where is my parcel?');
    expect(mail!.text.startsWith('Hello Ada,\n\nIt ships today.\n\n')).toBe(true);
    expect(mail!.text).toContain('> I ordered a mug last week and it has not arrived yet.');
    const logs = await logsOf(id);
    expect(logs.map((line) => line.kind)).toEqual(['received', 'closed', 'replied']);
    expect(logs[2]).toMatchObject({ message: 'Hello Ada,\n\nIt ships today.', actor: 'owner@example.com' });
    const [line] = await t.database.db
      .select()
      .from(storefrontEnquiryLogs)
      .where(eq(storefrontEnquiryLogs.id, logs[2]!.id as string));
    expect(line!.actorId).toBe(owner.user.id);
    const audit = await auditEntries(t.database.db, { operationId: 'replyToEnquiry', target: `enquiry:${id}` });
    expect(audit).toHaveLength(1);

    const empty = await owner.call('POST', url(`/${id}/reply`), { message: '   ' });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await outboxTo(t.database.db, 'ada@example.com')).toHaveLength(1);
  });

  it('holds each call to its permission', async () => {
    const id = (await list('&search=grace')).items[0].id as string;
    // A member reads the inbox and the log but does not answer, mark or close.
    expect((await member.call('GET', url())).statusCode).toBe(200);
    expect((await member.call('GET', url(`/${id}`))).statusCode).toBe(200);
    expect((await member.call('GET', url(`/${id}/logs`))).statusCode).toBe(200);
    expect((await patch(id, { read: true }, member)).statusCode).toBe(403);
    expect((await member.call('POST', url(`/${id}/reply`), { message: 'Hi' })).statusCode).toBe(403);
    // Finance reads no enquiries; the form's key only sends them in.
    expect((await finance.call('GET', url())).statusCode).toBe(403);
    expect((await finance.call('GET', url(`/${id}`))).statusCode).toBe(403);
    expect((await form.call('GET', url())).statusCode).toBe(403);
    expect(await outboxTo(t.database.db, 'grace@example.com')).toEqual([]);
    const refused = await auditEntries(t.database.db, { operationId: 'replyToEnquiry', result: 'failure' });
    expect(refused.length).toBeGreaterThan(0);
  });

  it('refuses bad input with a code: bodies, dates, searches, forged page tokens', async () => {
    const id = (await list('&search=grace')).items[0].id as string;
    const cases: [Promise<{ statusCode: number; json: () => Json }>, string][] = [
      [patch(id, {}), 'VALIDATION_ERROR'],
      [patch(id, { status: 'archived' }), 'VALIDATION_ERROR'],
      [patch(id, { read: 'yes' }), 'VALIDATION_ERROR'],
      [owner.call('POST', url(`/${id}/reply`), { message: 'x'.repeat(20_001) }), 'VALIDATION_ERROR'],
      [owner.call('GET', url('', '&start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z')), 'INVALID_DATE_RANGE'],
      [owner.call('GET', url('', `&search=${'a '.repeat(9)}`)), 'SEARCH_TOO_LONG'],
      [owner.call('GET', url('', '&pageToken=forged')), 'INVALID_PAGE_TOKEN'],
      [owner.call('GET', url('', '&start=not-a-date')), 'VALIDATION_ERROR'],
      [owner.call('GET', url('', '&unread=maybe')), 'VALIDATION_ERROR'],
      [owner.call('GET', url('/not-a-uuid')), 'VALIDATION_ERROR'],
    ];
    for (const [call, code] of cases) {
      const res = await call;
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
    const missing = await owner.call('GET', url('/00000000-0000-4000-8000-000000000000'));
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ENQUIRY_NOT_FOUND']);
  });

  it("gives another project's owner nothing of this project's enquiries, even with their ids", async () => {
    const target = (await list('&search=grace')).items[0] as Json;
    const before = await logsOf(target.id);
    const intruder = await bearerUser(t, 'intruder@example.com');
    const theirs = (await createProjectAs(intruder, 'Elsewhere')).id;
    const theirBase = await storefrontBase(t, theirs);
    const theirUrl = (path = '') => `${theirBase}/customers/enquiries${path}?project=${theirs}`;
    const tries = await Promise.all([
      intruder.call('GET', theirUrl(`/${target.id}`)),
      intruder.call('GET', theirUrl(`/${target.id}/logs`)),
      intruder.call('PATCH', theirUrl(`/${target.id}`), { status: 'closed' }),
      intruder.call('POST', theirUrl(`/${target.id}/reply`), { message: 'Planted' }),
    ]);
    for (const res of tries) expect([res.statusCode, res.json().code], res.body).toEqual([404, 'ENQUIRY_NOT_FOUND']);
    expect((await intruder.call('GET', theirUrl())).json()).toMatchObject({ items: [], unreadCount: 0 });
    // This project through another platform's id: not found, even for its owner.
    const elsewhere = `/v1/platform/00000000-0000-4000-8000-000000000000/customers/enquiries?project=${project}`;
    const wrong = await owner.call('GET', elsewhere);
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'PLATFORM_NOT_FOUND']);
    const wrongIntake = await form.call('POST', elsewhere, enquiry());
    expect([wrongIntake.statusCode, wrongIntake.json().code]).toEqual([404, 'PLATFORM_NOT_FOUND']);
    expect((await intruder.call('GET', url())).statusCode).toBe(403);
    expect(await logsOf(target.id)).toEqual(before);
  });
});
