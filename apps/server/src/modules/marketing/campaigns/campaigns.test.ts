import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { addMembers } from '../../access/testing.js';
import { campaignRow, insertDraft, insertList, setCampaignStatus } from './testing.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;

describe('mail campaigns', () => {
  let t: TestApp;
  let owner: BearerUser;
  let viewer: BearerUser;
  let project: string;
  let other: string;
  let bare: string;
  let draft: string;
  let otherDraft: string;
  let list: string;
  let otherList: string;

  const url = (path = '', query = '', projectId = project) => `/v1/mail/campaigns${path}?project=${projectId}${query}`;
  const create = async (body: object, as: BearerUser = owner, projectId = project) => {
    t.clock.advance(1000);
    return as.call('POST', url('', '', projectId), body);
  };
  const made = async (body: object) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };
  const list_ = async (query: string) => {
    const res = await owner.call('GET', url('', query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };
  /** Every page of a list, following its tokens. */
  const allPages = async (query: string) => {
    const names: string[] = [];
    let token: string | null = null;
    do {
      const page: Json = await list_(`${query}&pageSize=2${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      names.push(...page.items.map((c: Json) => c.name));
      token = page.nextPageToken;
    } while (token);
    return names;
  };
  const patch = (id: string, body: object, as: BearerUser = owner) => as.call('PATCH', url(`/${id}`), body);
  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR).toISOString();

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    other = (await createProjectAs(owner, 'Other Shop')).id;
    bare = (await createProjectAs(owner, 'No Mail')).id;
    await installMarketing(owner, project);
    await installMarketing(owner, other);
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    const now = t.clock.now();
    draft = await insertDraft(t.database.db, project, 'June letter', 'New in June', now);
    otherDraft = await insertDraft(t.database.db, other, 'Their letter', 'Theirs', now);
    list = await insertList(t.database.db, project, 'Newsletter', now);
    otherList = await insertList(t.database.db, other, 'Newsletter', now);
  });
  afterAll(() => t.close());

  it('starts a campaign as a draft for everyone subscribed, audited', async () => {
    const campaign = await made({ name: '  Summer sale  ' });
    expect(campaign).toMatchObject({
      name: 'Summer sale',
      status: 'draft',
      draft: null,
      audience: { lists: [], excludeLists: [], filters: [] },
      scheduledAt: null,
      startedAt: null,
      finishedAt: null,
      stats: { recipients: 0, sent: 0, delivered: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 },
    });
    expect(campaign.createdAt).toBe(t.clock.now().toISOString());
    const audit = await auditEntries(t.database.db, {
      operationId: 'createCampaign',
      target: `campaign:${campaign.id}`,
    });
    expect(audit).toHaveLength(1);

    const full = await made({
      name: 'June news',
      draftId: draft,
      audience: { lists: [list], filters: [{ field: 'lastOpened', mode: 'include', comparator: 'lte', days: 30 }] },
    });
    expect(full.draft).toEqual({ id: draft, name: 'June letter', subject: 'New in June' });
    expect(full.audience).toEqual({
      lists: [list],
      excludeLists: [],
      filters: [{ field: 'lastOpened', mode: 'include', comparator: 'lte', days: 30 }],
    });
    const read = await owner.call('GET', url(`/${full.id}`));
    expect(read.json()).toEqual(full);
  });

  it("refuses another project's draft, list and campaign as unknown ones, creating nothing", async () => {
    const before = (await list_('&pageSize=100')).items.length;
    const refusals: [object, string][] = [
      [{ name: 'Stolen', draftId: otherDraft }, 'DRAFT_NOT_FOUND'],
      [{ name: 'Stolen', audience: { lists: [otherList] } }, 'LIST_NOT_FOUND'],
      [{ name: 'Stolen', audience: { excludeLists: [otherList] } }, 'LIST_NOT_FOUND'],
    ];
    for (const [body, code] of refusals) {
      const res = await create(body);
      expect([res.statusCode, res.json().code], res.body).toEqual([404, code]);
      expect(res.body).not.toContain('Other Shop');
    }
    expect((await list_('&pageSize=100')).items).toHaveLength(before);

    const theirs = (await create({ name: 'Theirs' }, owner, other)).json() as Json;
    for (const res of [await owner.call('GET', url(`/${theirs.id}`)), await patch(theirs.id, { name: 'Taken' })])
      expect([res.statusCode, res.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    const mine = (await list_('&pageSize=100')).items[0] as Json;
    for (const body of [{ draftId: otherDraft }, { audience: { lists: [otherList] } }])
      expect((await patch(mine.id, body)).statusCode).toBe(404);
    expect(((await owner.call('GET', url(`/${theirs.id}`, '', other))).json() as Json).name).toBe('Theirs');
  });

  it('refuses input it cannot keep, saying what to fix', async () => {
    const cases: [object, string][] = [
      [{ name: '   ' }, 'Name the campaign.'],
      [{ name: 'x'.repeat(201) }, 'Use at most 200 characters.'],
      [
        { name: 'Bad', audience: { filters: [{ field: 'gender', mode: 'include', value: 'other' }] } },
        'Choose a gender of male or female.',
      ],
      [{ name: 'Bad', audience: { lists: Array.from({ length: 51 }, () => list) } }, 'Choose at most 50 lists.'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'VALIDATION_ERROR']);
      expect(res.body).toContain(message);
    }
  });

  describe('the list', () => {
    let ids: Record<string, string>;
    const q = '&search=sorted';

    beforeAll(async () => {
      ids = {};
      // Made in this order, a second apart; statuses and schedules set as a send would leave them.
      const plan: [string, string, number | null][] = [
        ['Sorted Bravo', 'sent', 5],
        ['sorted alpha', 'draft', null],
        ['Sorted Delta', 'scheduled', 2],
        ['Sorted charlie', 'draft', 9],
        ['Sorted Echo', 'paused', null],
      ];
      for (const [name, status, hours] of plan) {
        const campaign = await made({ name });
        ids[name] = campaign.id;
        if (hours !== null) expect((await patch(campaign.id, { scheduledAt: inHours(hours) })).statusCode).toBe(200);
        if (status !== 'draft') await setCampaignStatus(t.database.db, campaign.id, status as 'sent');
      }
    });

    it('sorts by creation (newest first by default), name, schedule and status, each way, across pages', async () => {
      const newest = ['Sorted Echo', 'Sorted charlie', 'Sorted Delta', 'sorted alpha', 'Sorted Bravo'];
      expect(await allPages(q)).toEqual(newest);
      expect(await allPages(`${q}&sortBy=createdAt&order=asc`)).toEqual([...newest].reverse());
      expect(await allPages(`${q}&sortBy=name`)).toEqual([
        'sorted alpha',
        'Sorted Bravo',
        'Sorted charlie',
        'Sorted Delta',
        'Sorted Echo',
      ]);
      expect(await allPages(`${q}&sortBy=name&order=desc`)).toEqual([
        'Sorted Echo',
        'Sorted Delta',
        'Sorted charlie',
        'Sorted Bravo',
        'sorted alpha',
      ]);
      // Unscheduled last either way (alpha before Echo: made first).
      expect(await allPages(`${q}&sortBy=scheduledAt&order=asc`)).toEqual([
        'Sorted Delta',
        'Sorted Bravo',
        'Sorted charlie',
        'sorted alpha',
        'Sorted Echo',
      ]);
      expect(await allPages(`${q}&sortBy=scheduledAt`)).toEqual([
        'Sorted charlie',
        'Sorted Bravo',
        'Sorted Delta',
        'Sorted Echo',
        'sorted alpha',
      ]);
      // A campaign's life: draft, scheduled, sending, paused, sent, cancelled; then by creation.
      expect(await allPages(`${q}&sortBy=status`)).toEqual([
        'sorted alpha',
        'Sorted charlie',
        'Sorted Delta',
        'Sorted Echo',
        'Sorted Bravo',
      ]);
      expect(await allPages(`${q}&sortBy=status&order=desc`)).toEqual([
        'Sorted Bravo',
        'Sorted Echo',
        'Sorted Delta',
        'Sorted charlie',
        'sorted alpha',
      ]);
    });

    it('searches every word in the name, whatever its case, and filters by status', async () => {
      expect((await list_('&search=SORTED%20Charl')).items.map((c: Json) => c.name)).toEqual(['Sorted charlie']);
      expect((await list_('&search=sorted%20nothing')).items).toEqual([]);
      expect((await list_('&search=100%25')).items).toEqual([]);
      expect((await list_(`${q}&status=draft`)).items.map((c: Json) => c.name)).toEqual([
        'Sorted charlie',
        'sorted alpha',
      ]);
    });

    it('refuses page tokens it did not issue, and tokens of another sort', async () => {
      const byName = await list_(`${q}&sortBy=name&pageSize=2`);
      const byStatus = await list_(`${q}&sortBy=status&pageSize=2`);
      const cases = [
        'garbage',
        `${byName.nextPageToken}x`,
        byName.nextPageToken.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')),
      ].map((token) => `${q}&pageToken=${encodeURIComponent(token)}`);
      cases.push(`${q}&sortBy=createdAt&pageToken=${encodeURIComponent(byName.nextPageToken)}`);
      cases.push(`${q}&sortBy=scheduledAt&pageToken=${encodeURIComponent(byStatus.nextPageToken)}`);
      cases.push(`${q}&sortBy=status&pageToken=${encodeURIComponent(byName.nextPageToken)}`);
      for (const query of cases) {
        const res = await owner.call('GET', url('', query));
        expect([res.statusCode, res.json().code], `${query}: ${res.body}`).toEqual([400, 'INVALID_PAGE_TOKEN']);
      }
      const bad = await owner.call('GET', url('', '&sortBy=opens'));
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Sort by createdAt, name, scheduledAt, status.');
    });

    it('changes only draft and paused campaigns: the others are locked', async () => {
      for (const name of ['Sorted Bravo', 'Sorted Delta']) {
        const before = await campaignRow(t.database.db, ids[name]!);
        const res = await patch(ids[name]!, { name: 'Changed' });
        expect([res.statusCode, res.json().code], res.body).toEqual([409, 'CAMPAIGN_LOCKED']);
        expect(await campaignRow(t.database.db, ids[name]!)).toEqual(before);
      }
      for (const status of ['sending', 'cancelled'] as const) {
        await setCampaignStatus(t.database.db, ids['Sorted charlie']!, status);
        expect((await patch(ids['Sorted charlie']!, { name: 'Changed' })).json().message).toBe(
          `This campaign is ${status}: only draft and paused campaigns can be changed.`,
        );
      }
      await setCampaignStatus(t.database.db, ids['Sorted charlie']!, 'draft');
      // A paused campaign has started sending: its name and schedule change, its draft and audience do not.
      const paused = await patch(ids['Sorted Echo']!, { name: 'Sorted Echo', scheduledAt: inHours(2) });
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json()).toMatchObject({ status: 'paused', scheduledAt: new Date(inHours(2)).toISOString() });
      const audience = await patch(ids['Sorted Echo']!, { audience: { lists: [list] } });
      expect([audience.statusCode, audience.json().code], audience.body).toEqual([409, 'CAMPAIGN_LOCKED']);
      expect(audience.json().message).toBe(
        'This campaign has started sending: its draft and audience are fixed. Only its name and schedule can be changed.',
      );
    });
  });

  it('changes name, draft, audience and schedule, keeps the status, and audits what changed', async () => {
    const campaign = await made({ name: 'Autumn' });
    t.clock.advance(1000);
    const at = inHours(24);
    const res = await patch(campaign.id, {
      name: 'Autumn sale',
      draftId: draft,
      audience: { excludeLists: [list], filters: [{ field: 'gender', mode: 'exclude', value: 'male' }] },
      scheduledAt: at.replace('Z', '+00:00'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as Json;
    expect(changed).toMatchObject({
      name: 'Autumn sale',
      status: 'draft',
      draft: { id: draft, name: 'June letter' },
      audience: { lists: [], excludeLists: [list], filters: [{ field: 'gender', mode: 'exclude', value: 'male' }] },
      scheduledAt: at,
      updatedAt: t.clock.now().toISOString(),
    });
    // A time in another zone is the same instant.
    const offset = new Date(Date.parse(at) + HOUR)
      .toISOString()
      .replace('Z', '')
      .replace(/\.\d+$/, '');
    const zoned = await patch(campaign.id, { scheduledAt: `${offset}+02:00` });
    expect(zoned.json().scheduledAt).toBe(new Date(Date.parse(at) - HOUR).toISOString());

    const again = await patch(campaign.id, { name: 'Autumn sale', draftId: draft });
    expect(again.statusCode).toBe(200);
    const cleared = await patch(campaign.id, { draftId: null, scheduledAt: null });
    expect(cleared.json()).toMatchObject({ draft: null, scheduledAt: null });
    const audit = await auditEntries(t.database.db, {
      operationId: 'updateCampaign',
      target: `campaign:${campaign.id}`,
    });
    expect(audit.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { name: 'Autumn sale', changes: ['name', 'draft', 'audience', 'schedule'] },
        { name: 'Autumn sale', changes: ['schedule'] },
        { name: 'Autumn sale', changes: [] },
        { name: 'Autumn sale', changes: ['draft', 'schedule'] },
      ]),
    );
  });

  it('refuses a schedule in the past or now, changing nothing', async () => {
    const campaign = await made({ name: 'Too late' });
    const before = await campaignRow(t.database.db, campaign.id);
    for (const scheduledAt of [inHours(-1), t.clock.now().toISOString(), '2020-01-01T00:00:00+01:00']) {
      const res = await patch(campaign.id, { name: 'Renamed', scheduledAt });
      expect([res.statusCode, res.json()], res.body).toEqual([
        400,
        { code: 'SCHEDULE_IN_PAST', message: 'Choose a time in the future.' },
      ]);
    }
    const noZone = await patch(campaign.id, { scheduledAt: '2030-01-01T09:00:00' });
    expect([noZone.statusCode, noZone.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await patch(campaign.id, {})).statusCode).toBe(400);
    expect(await campaignRow(t.database.db, campaign.id)).toEqual(before);
  });

  it('lets a viewer read and count but not write', async () => {
    const campaign = await made({ name: 'Viewed' });
    expect((await viewer.call('GET', url(`/${campaign.id}`))).statusCode).toBe(200);
    expect((await viewer.call('GET', url())).statusCode).toBe(200);
    const count = await viewer.call('POST', url('/audience-count'), { audience: {} });
    expect([count.statusCode, typeof count.json().count]).toEqual([200, 'number']);
    expect((await create({ name: 'Nope' }, viewer)).statusCode).toBe(403);
    expect((await patch(campaign.id, { name: 'Nope' }, viewer)).statusCode).toBe(403);
  });

  it('answers only where the Marketing module is installed', async () => {
    const calls = [
      owner.call('POST', url('', '', bare), { name: 'Nope' }),
      owner.call('GET', url('', '', bare)),
      owner.call('GET', url('/00000000-0000-4000-8000-000000000000', '', bare)),
      owner.call('PATCH', url('/00000000-0000-4000-8000-000000000000', '', bare), { name: 'Nope' }),
      owner.call('POST', url('/audience-count', '', bare), { audience: {} }),
    ];
    for (const res of await Promise.all(calls))
      expect([res.statusCode, res.json().code], res.body).toEqual([403, 'MODULE_NOT_INSTALLED']);
  });
});
