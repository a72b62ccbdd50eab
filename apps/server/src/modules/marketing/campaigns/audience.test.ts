import type { AudienceFilter, CampaignAudience } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { marketingSubscribers } from '../schema.js';
import { countAudience, nextRecipients } from './audience.js';
import { insertList, insertSubscriber, type PersonSketch } from './testing.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAY = 86_400_000;

describe('campaign audiences', () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  let other: string;
  let listA: string;
  let listB: string;
  let otherList: string;
  let now: Date;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const audience = (parts: Partial<CampaignAudience>): CampaignAudience => ({
    lists: [],
    excludeLists: [],
    filters: [],
    ...parts,
  });
  const purchased = (comparator: 'gt' | 'gte' | 'lt' | 'lte', days: number, mode: 'include' | 'exclude' = 'include') =>
    ({ field: 'lastPurchased', mode, comparator, days }) as AudienceFilter;

  /** Who is in, by name, from the keyset walk; the count must agree. */
  const who = async (parts: Partial<CampaignAudience>) => {
    const chosen = audience(parts);
    const rows = await nextRecipients(t.database.db, project, chosen, null, 1000, now);
    expect(await countAudience(t.database.db, project, chosen, now)).toBe(rows.length);
    return rows.map((r) => r.name).sort();
  };
  const countCall = (body: unknown, projectId = project) =>
    owner.call('POST', `/v1/mail/campaigns/audience-count?project=${projectId}`, body);

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    other = (await createProjectAs(owner, 'Other Shop')).id;
    await installMarketing(owner, project);
    await installMarketing(owner, other);
    now = t.clock.now();
    const db = t.database.db;
    listA = await insertList(db, project, 'Newsletter', now);
    listB = await insertList(db, project, 'VIP', now);
    otherList = await insertList(db, other, 'Newsletter', now);
    const people: PersonSketch[] = [
      { email: 'ann@example.com', gender: 'female', lastPurchasedAt: ago(10), lists: [listA] },
      { email: 'bob@example.com', gender: 'male', lastPurchasedAt: ago(10), lists: [listA] },
      // Exactly 90 days: on the boundary of "within the last 90 days".
      { email: 'cy@example.com', gender: null, lastPurchasedAt: ago(90), lists: [listB] },
      { email: 'dee@example.com', gender: 'female', lastPurchasedAt: ago(91), lists: [listA, listB] },
      { email: 'eve@example.com', gender: 'female' },
      { email: 'hal@example.com', gender: 'male', lastOpenedAt: ago(30), lastClickedAt: ago(200) },
      // Never in any audience: not subscribed.
      { email: 'fay@example.com', status: 'unsubscribed', gender: 'female', lastPurchasedAt: ago(5), lists: [listA] },
      { email: 'gus@example.com', status: 'unconfirmed', lastPurchasedAt: ago(89), lists: [listA] },
      { email: 'ivy@example.com', status: 'bounced', gender: 'female', lists: [listB] },
    ];
    for (const person of people) await insertSubscriber(db, project, person, now);
    // Another project's people, with the same addresses and dates: never counted here.
    for (const person of people.slice(0, 4)) await insertSubscriber(db, other, { ...person, lists: [otherList] }, now);
  });
  afterAll(() => t.close());

  it('counts "purchased in the last 90 days, exclude gender male" exactly, through the call', async () => {
    const body = {
      audience: {
        filters: [purchased('lte', 90), { field: 'gender', mode: 'exclude', value: 'male' }],
      },
    };
    const res = await countCall(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    // Cy has no gender and stays; Bob is male; Dee bought 91 days ago; Fay unsubscribed, Gus unconfirmed.
    expect(await who(body.audience as Partial<CampaignAudience>)).toEqual(['ann', 'cy']);
  });

  it('counts only subscribed people: unsubscribed, unconfirmed and bounced never', async () => {
    expect(await who({})).toEqual(['ann', 'bob', 'cy', 'dee', 'eve', 'hal']);
    expect((await countCall({ audience: {} })).json()).toEqual({ count: 6 });
  });

  it('compares days ago at the boundary with each comparator, including and excluding', async () => {
    expect(await who({ filters: [purchased('lte', 90)] })).toEqual(['ann', 'bob', 'cy']);
    expect(await who({ filters: [purchased('lt', 90)] })).toEqual(['ann', 'bob']);
    expect(await who({ filters: [purchased('gte', 90)] })).toEqual(['cy', 'dee']);
    expect(await who({ filters: [purchased('gt', 90)] })).toEqual(['dee']);
    // Those who never purchased match no comparison: excluded filters keep them.
    expect(await who({ filters: [purchased('lte', 90, 'exclude')] })).toEqual(['dee', 'eve', 'hal']);
    expect(await who({ filters: [purchased('gt', 90, 'exclude')] })).toEqual(['ann', 'bob', 'cy', 'eve', 'hal']);
    expect(await who({ filters: [purchased('lte', 0)] })).toEqual([]);
    expect(
      await who({
        filters: [
          { field: 'lastOpened', mode: 'include', comparator: 'lte', days: 30 },
          { field: 'lastClicked', mode: 'include', comparator: 'gt', days: 180 },
        ],
      }),
    ).toEqual(['hal']);
  });

  it('includes and excludes genders, keeping people with none when excluding', async () => {
    expect(await who({ filters: [{ field: 'gender', mode: 'include', value: 'female' }] })).toEqual([
      'ann',
      'dee',
      'eve',
    ]);
    expect(await who({ filters: [{ field: 'gender', mode: 'exclude', value: 'female' }] })).toEqual([
      'bob',
      'cy',
      'hal',
    ]);
  });

  it('takes anyone on any included list and no one on an excluded one', async () => {
    expect(await who({ lists: [listA] })).toEqual(['ann', 'bob', 'dee']);
    expect(await who({ lists: [listA, listB] })).toEqual(['ann', 'bob', 'cy', 'dee']);
    expect(await who({ lists: [listA], excludeLists: [listB] })).toEqual(['ann', 'bob']);
    expect(await who({ excludeLists: [listB] })).toEqual(['ann', 'bob', 'eve', 'hal']);
    expect(await who({ lists: [listB], filters: [purchased('lt', 91)] })).toEqual(['cy']);
  });

  it("keeps list audiences current as people leave and join, with no rebuild (the members' triggers)", async () => {
    const setStatus = (email: string, status: 'subscribed' | 'unsubscribed' | 'unconfirmed') =>
      t.database.db
        .update(marketingSubscribers)
        .set({ status })
        .where(and(eq(marketingSubscribers.projectId, project), eq(marketingSubscribers.email, email)));
    await setStatus('ann@example.com', 'unsubscribed');
    await setStatus('gus@example.com', 'subscribed');
    expect(await who({ lists: [listA] })).toEqual(['bob', 'dee', 'gus']);
    expect(await who({ lists: [listA], excludeLists: [listB] })).toEqual(['bob', 'gus']);
    expect(await who({ lists: [listA], filters: [purchased('lte', 90)] })).toEqual(['bob', 'gus']);
    await setStatus('ann@example.com', 'subscribed');
    await setStatus('gus@example.com', 'unconfirmed');
    expect(await who({ lists: [listA] })).toEqual(['ann', 'bob', 'dee']);
  });

  it("refuses another project's list as an unknown one", async () => {
    for (const body of [{ audience: { lists: [otherList] } }, { audience: { excludeLists: [otherList] } }]) {
      const res = await countCall(body);
      expect([res.statusCode, res.json().code]).toEqual([404, 'LIST_NOT_FOUND']);
      expect(res.body).not.toContain('Other Shop');
    }
    expect((await countCall({ audience: { lists: [otherList] } }, other)).json()).toEqual({ count: 4 });
  });

  it('refuses filters out of their enumerations, saying what to choose', async () => {
    const cases: [unknown, string, string][] = [
      [
        { field: 'gender', mode: 'include', value: 'other' },
        'body.audience.filters.0.value',
        'Choose a gender of male or female.',
      ],
      [
        { field: 'lastPurchased', mode: 'include', comparator: 'eq', days: 3 },
        'body.audience.filters.0.comparator',
        'Choose a comparator of gt, gte, lt or lte.',
      ],
      [
        { field: 'lastVisited', mode: 'include', comparator: 'lte', days: 3 },
        'body.audience.filters.0.field',
        'Filter by gender, lastClicked, lastOpened, lastPurchased.',
      ],
      [{ field: 'gender', mode: 'maybe', value: 'male' }, 'body.audience.filters.0.mode', 'Choose include or exclude.'],
      [
        { field: 'lastOpened', mode: 'include', comparator: 'lte', days: 1.5 },
        'body.audience.filters.0.days',
        'Give a whole number of days from 0 to 36500.',
      ],
    ];
    for (const [filter, path, message] of cases) {
      const res = await countCall({ audience: { filters: [filter] } });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json() as Json;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.errors).toContainEqual({ path, message });
    }
  });

  it('walks the audience by id in batches, each member once, resuming after any id', async () => {
    const everyone = audience({});
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const batch = await nextRecipients(t.database.db, project, everyone, after, 2, now);
      if (batch.length === 0) break;
      seen.push(...batch.map((r) => r.id));
      after = batch.at(-1)!.id;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen).toEqual([...seen].sort());
    const all = await nextRecipients(t.database.db, project, everyone, null, 100, now);
    expect(all.map((r) => r.id)).toEqual(seen);
    expect(all[0]).toMatchObject({ email: expect.stringContaining('@example.com'), attributes: {} });
  });
});
