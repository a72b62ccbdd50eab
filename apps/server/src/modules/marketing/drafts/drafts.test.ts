import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, makeDraft, subscribe } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { addMembers } from '../../access/testing.js';
import { marketingDrafts } from '../schema.js';
import { copyName } from './draft-handlers.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('mail drafts', () => {
  let t: TestApp;
  let owner: BearerUser;
  let viewer: BearerUser;
  let stranger: BearerUser;
  let project: string;
  let other: string;
  let bare: string;

  const url = (path = '', query = '', inProject = project) => `/v1/mail/drafts${path}?project=${inProject}${query}`;
  const list = async (query = '', as: BearerUser = owner) => {
    const res = await as.call('GET', url('', query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };
  const get = async (id: string) => (await owner.call('GET', url(`/${id}`))).json() as Json;
  const draft = (body: Record<string, unknown>) => {
    t.clock.advance(1000);
    return makeDraft(owner, project, body);
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    stranger = await bearerUser(t, 'stranger@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    await installMarketing(owner, project);
    other = (await createProjectAs(stranger, 'Other Shop')).id;
    await installMarketing(stranger, other);
    bare = (await createProjectAs(owner, 'No Marketing')).id;
  });
  afterAll(() => t.close());

  it('writes a draft with defaults, trimmed, audited, and reads it back', async () => {
    const res = await owner.call('POST', url(), {
      name: '  Spring sale ',
      subject: ' Hi {{ subscriber.first_name }} ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Json;
    expect(made).toMatchObject({
      name: 'Spring sale',
      subject: 'Hi {{ subscriber.first_name }}',
      preheader: '',
      format: 'markdown',
      markdown: '',
      blocks: [],
      updatedBy: owner.user.id,
      createdAt: t.clock.now().toISOString(),
    });
    expect(await get(made.id)).toEqual(made);
    const audit = await auditEntries(t.database.db, { operationId: 'createDraft', target: `draft:${made.id}` });
    expect(audit.map((entry) => entry.details)).toEqual([{ name: 'Spring sale' }]);
  });

  it('refuses a template that does not parse with 400 TEMPLATE_INVALID naming the field and line, saving nothing', async () => {
    const before = (await list()).items.length;
    const res = await owner.call('POST', url(), {
      name: 'Broken',
      subject: 'Fine',
      markdown: 'Hello\n\n{% include "x" %}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'TEMPLATE_INVALID',
      message: 'The body does not parse: The tag "include" is not available in mails. (line 3)',
      errors: [{ path: 'markdown', message: 'The tag "include" is not available in mails. (line 3)' }],
    });
    const blocks = await owner.call('POST', url(), {
      name: 'Broken blocks',
      format: 'blocks',
      blocks: [{ type: 'button', label: 'Go', url: 'javascript:alert(1)' }],
    });
    expect([blocks.statusCode, blocks.json().errors]).toEqual([
      400,
      [{ path: 'blocks.0.url', message: 'Use a web address starting with https:// (or mailto: for mail).' }],
    ]);
    expect((await list()).items).toHaveLength(before);
  });

  it('changes what is sent, checks the merged draft, and leaves the draft as it was when refused', async () => {
    const made = await draft({ name: 'Welcome', subject: 'Welcome', markdown: 'Hi {{ subscriber.name }}' });
    t.clock.advance(1000);
    const res = await owner.call('PATCH', url(`/${made.id}`), {
      preheader: 'A note for {{ subscriber.email }}',
      format: 'blocks',
      blocks: [{ type: 'heading', text: 'Hello' }, { type: 'divider' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Welcome',
      preheader: 'A note for {{ subscriber.email }}',
      format: 'blocks',
      markdown: 'Hi {{ subscriber.name }}',
      blocks: [{ type: 'heading', text: 'Hello' }, { type: 'divider' }],
      updatedAt: t.clock.now().toISOString(),
    });

    const refused = await owner.call('PATCH', url(`/${made.id}`), {
      subject: 'Hi {{ subscriber.name',
      name: 'Renamed',
    });
    expect([refused.statusCode, refused.json().code, refused.json().errors]).toEqual([
      400,
      'TEMPLATE_INVALID',
      [{ path: 'subject', message: expect.stringContaining('(line 1)') }],
    ]);
    expect(refused.json().message).toMatch(/^The subject does not parse: /);
    expect((await get(made.id)).name).toBe('Welcome');

    // The same values again change nothing, and the audit says so.
    const same = await owner.call('PATCH', url(`/${made.id}`), { name: 'Welcome' });
    expect(same.json().updatedAt).toBe(res.json().updatedAt);
    const audit = await auditEntries(t.database.db, { operationId: 'updateDraft', target: `draft:${made.id}` });
    expect(audit.map((entry) => entry.details)).toEqual([
      { name: 'Welcome', changes: ['preheader', 'format', 'blocks'] },
      { name: 'Welcome', changes: [] },
    ]);
    expect((await owner.call('PATCH', url(`/${made.id}`), {})).statusCode).toBe(400);
  });

  it('lists last edited first, searches name and subject, and pages', async () => {
    const all = await list();
    expect(all.items.map((item: Json) => item.name)).toEqual(['Welcome', 'Spring sale']);
    expect(all.items[0]).not.toHaveProperty('markdown');
    await draft({ name: 'Autumn', subject: 'Leaves are falling' });
    expect((await list('&search=LEAVES')).items.map((item: Json) => item.name)).toEqual(['Autumn']);
    expect((await list('&search=spring%20first_name')).items.map((item: Json) => item.name)).toEqual(['Spring sale']);
    expect((await list('&search=100%25')).items).toEqual([]);

    const first = await list('&pageSize=2');
    expect(first.items.map((item: Json) => item.name)).toEqual(['Autumn', 'Welcome']);
    const second = await list(`&pageSize=2&pageToken=${encodeURIComponent(first.nextPageToken)}`);
    expect(second).toEqual({ items: [expect.objectContaining({ name: 'Spring sale' })], nextPageToken: null });
    expect((await owner.call('GET', url('', '&pageToken=forged'))).json().code).toBe('INVALID_PAGE_TOKEN');
  });

  it('duplicates a draft as "Copy of …", capped to the name limit, audited', async () => {
    const source = (await list('&search=welcome')).items[0] as Json;
    const res = await owner.call('POST', url(`/${source.id}/duplicate`));
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Json;
    const original = await get(source.id);
    expect(copy).toMatchObject({
      name: 'Copy of Welcome',
      subject: original.subject,
      preheader: original.preheader,
      format: original.format,
      markdown: original.markdown,
      blocks: original.blocks,
    });
    expect(copy.id).not.toBe(source.id);
    const audit = await auditEntries(t.database.db, { operationId: 'duplicateDraft', target: `draft:${copy.id}` });
    expect(audit.map((entry) => entry.details)).toEqual([
      { name: 'Copy of Welcome', from: 'Welcome', fromId: source.id },
    ]);

    const long = copyName('x'.repeat(200));
    expect(long).toHaveLength(200);
    expect(long.startsWith('Copy of xxx')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });

  it('deletes a draft, audited; it is gone after', async () => {
    const made = await draft({ name: 'Short-lived' });
    const res = await owner.call('DELETE', url(`/${made.id}`));
    expect(res.statusCode).toBe(204);
    expect((await owner.call('GET', url(`/${made.id}`))).statusCode).toBe(404);
    expect((await owner.call('DELETE', url(`/${made.id}`))).statusCode).toBe(404);
    const audit = await auditEntries(t.database.db, { operationId: 'deleteDraft', target: `draft:${made.id}` });
    expect(audit.map((entry) => entry.details)).toEqual([{ name: 'Short-lived' }]);
  });

  it('previews the draft being edited for the first subscriber, a named one, sample values, or Ada', async () => {
    const body = {
      subject: 'Hi {{ subscriber.first_name | default: "there" }}',
      preheader: 'Just for you',
      markdown: 'Your plan: {{ subscriber.attributes.plan | default: "none" }}',
    };
    const empty = await viewer.call('POST', url('/preview'), body);
    expect(empty.statusCode, empty.body).toBe(200);
    const ada = empty.json() as Json;
    expect(ada).toMatchObject({ subject: 'Hi Ada', recipient: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    expect(ada.html).toContain('Your plan: none');
    expect(ada.html).toContain('width="520"');
    expect(ada.html).toContain('>Harbour Goods</td>');
    expect(ada.html).toContain('/mail/unsubscribe?preview=1');
    expect(ada.text).toContain('Your plan: none');

    const grace = await subscribe(owner, project, {
      email: 'grace@example.com',
      name: 'Grace Hopper',
      attributes: { plan: 'gold' },
    });
    // Linus joins later: Grace stays the first subscriber.
    t.clock.advance(1000);
    await subscribe(owner, project, { email: 'linus@example.com', name: 'Linus' });
    const first = (await viewer.call('POST', url('/preview'), body)).json() as Json;
    expect(first).toMatchObject({ subject: 'Hi Grace', recipient: { email: 'grace@example.com' } });
    expect(first.html).toContain('Your plan: gold');

    const sample = await viewer.call('POST', url('/preview'), {
      ...body,
      sample: { name: '<b>Bold</b> Bob', email: 'bob@example.com', attributes: { plan: 'silver' } },
    });
    expect(sample.json().subject).toBe('Hi <b>Bold</b>');
    expect(sample.json().html).toContain('Your plan: silver');
    expect(sample.json().html).not.toContain('<b>Bold</b>');

    const named = await viewer.call('POST', url('/preview'), { ...body, subscriberId: grace.id });
    expect(named.json().recipient.email).toBe('grace@example.com');
    // Any other id (here the project's) is no subscriber of it.
    const missing = await viewer.call('POST', url('/preview'), { ...body, subscriberId: project });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'SUBSCRIBER_NOT_FOUND']);

    const broken = await viewer.call('POST', url('/preview'), { ...body, preheader: '{% for %}' });
    expect([broken.statusCode, broken.json().code, broken.json().errors[0].path]).toEqual([
      400,
      'TEMPLATE_INVALID',
      'preheader',
    ]);
  });

  it("answers another project's draft as missing, and lets a viewer read but not write", async () => {
    const mine = await draft({ name: 'Mine' });
    const theirs = await makeDraft(stranger, other, { name: 'Theirs' });
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/duplicate'],
    ] as const) {
      const res = await owner.call(
        method,
        url(`/${theirs.id}${path}`),
        method === 'PATCH' ? { name: 'Taken' } : undefined,
      );
      expect([res.statusCode, res.json().code], `${method} ${path}`).toEqual([404, 'DRAFT_NOT_FOUND']);
    }
    expect((await stranger.call('GET', url(`/${theirs.id}`, '', other))).json().name).toBe('Theirs');
    expect((await list()).items.map((item: Json) => item.name)).not.toContain('Theirs');

    expect((await list('', viewer)).items.length).toBeGreaterThan(0);
    expect((await viewer.call('GET', url(`/${mine.id}`))).statusCode).toBe(200);
    expect((await viewer.call('POST', url(), { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.call('PATCH', url(`/${mine.id}`), { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.call('DELETE', url(`/${mine.id}`))).statusCode).toBe(403);
    expect((await viewer.call('POST', url(`/${mine.id}/duplicate`))).statusCode).toBe(403);
    expect((await get(mine.id)).name).toBe('Mine');
  });

  it('answers 403 MODULE_NOT_INSTALLED where the Marketing module is not installed', async () => {
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'x' }],
      ['POST', '/preview', { markdown: 'x' }],
    ] as const) {
      const res = await owner.call(method, url(path, '', bare), body);
      expect([res.statusCode, res.json().code]).toEqual([403, 'MODULE_NOT_INSTALLED']);
    }
  });

  it('refuses bodies beyond the limits', async () => {
    const cases: object[] = [
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'ok', subject: 'x'.repeat(201) },
      { name: 'ok', preheader: 'x'.repeat(201) },
      { name: 'ok', markdown: 'x'.repeat(100_001) },
      { name: 'ok', blocks: Array.from({ length: 101 }, () => ({ type: 'divider' })) },
      { name: 'ok', blocks: [{ type: 'video', url: 'https://x.example' }] },
      { name: 'ok', subject: 'two\nlines' },
      { name: 'ok', format: 'html' },
    ];
    for (const body of cases) {
      const res = await owner.call('POST', url(), body);
      expect([res.statusCode, res.json().code], JSON.stringify(body).slice(0, 80)).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
  it('sees blocks sent again as they were stored as no change, whatever the order of their keys', async () => {
    const blocks = [
      { type: 'button', label: 'Shop now', url: 'https://harbour.example/sale' },
      { type: 'image', url: 'https://harbour.example/mug.png', alt: 'A mug' },
    ];
    const made = await draft({ name: 'Blocks', subject: 'Sale', format: 'blocks', blocks });
    t.clock.advance(1000);
    const again = await owner.call('PATCH', url(`/${made.id}`), { blocks });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().updatedAt).toBe(made.updatedAt);
    const audit = await auditEntries(t.database.db, { operationId: 'updateDraft', target: `draft:${made.id}` });
    expect(audit.map((entry) => entry.details)).toEqual([{ name: 'Blocks', changes: [] }]);
  });

  it('renames a draft without compiling its templates again', async () => {
    const made = await draft({ name: 'Old name', subject: 'Hello' });
    // A template the checks of today would refuse (saved under older rules): a rename must not trip on it.
    await t.database.db
      .update(marketingDrafts)
      .set({ subject: 'Hi {{ subscriber.name' })
      .where(eq(marketingDrafts.id, made.id));
    const renamed = await owner.call('PATCH', url(`/${made.id}`), { name: 'New name' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'New name', subject: 'Hi {{ subscriber.name' });
    const edited = await owner.call('PATCH', url(`/${made.id}`), { preheader: 'Hello' });
    expect([edited.statusCode, edited.json().code]).toEqual([400, 'TEMPLATE_INVALID']);
  });
});
