import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { anOrder, projectKey, storefrontBase } from '../../../test/storefront.js';
import { addMembers } from '../../access/testing.js';
import { insertPlatform } from '../../platform/testing.js';
import { setProjectPlatform, setProjectSettings } from '../../projects/testing.js';
import { storefrontOrders } from '../schema.js';
import { addDays, calendarDay, summaryTimeZone } from './summary.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NOW = '2026-03-10T12:00:00.000Z';
/** anOrder()'s total: two mugs, a tee and shipping. */
const TOTAL = 4995;

describe('the storefront summary (dashboard card)', () => {
  let t: TestApp;
  let owner: BearerUser;
  let viewer: BearerUser;
  let project: string;
  let base: string;
  let shop: Awaited<ReturnType<typeof projectKey>>;
  let n = 0;

  const summary = (who: { call: BearerUser['call'] } = owner, query = '', p = project, b = base) =>
    who.call('GET', `${b}/orders/summary?project=${p}${query}`);
  const place = async (placedAt: string) => {
    n += 1;
    const res = await shop.call(
      'POST',
      `${base}/orders?project=${project}`,
      anOrder({ externalId: `x-${n}`, placedAt }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const setStatus = (id: string, status: 'new' | 'refunded') =>
    t.database.db.update(storefrontOrders).set({ status }).where(eq(storefrontOrders.id, id));
  const setTimeZone = (timezone: string | undefined) =>
    setProjectSettings(t.database.db, project, timezone ? { timezone } : {});

  beforeAll(async () => {
    t = await createStartedTestApp();
    t.clock.set(NOW);
    owner = await bearerUser(t, 'owner@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    base = await storefrontBase(t, project);
    shop = await projectKey(t, owner, project, ['orders.create']);
  });
  afterAll(() => t.close());

  it('answers thirty zero days, oldest first and ending today, before the first order', async () => {
    const res = await summary();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Json;
    expect(body).toMatchObject({ currency: null, timeZone: 'UTC' });
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({ date: '2026-02-09', orders: 0, revenue: 0 });
    expect(body.days[29]).toEqual({ date: '2026-03-10', orders: 0, revenue: 0 });
    const zero = { orders: 0, paidOrders: 0, revenue: 0, averageOrderValue: 0 };
    expect(body.totals).toEqual(zero);
    expect(body.previous).toEqual(zero);
  });

  it('counts every order placed per day, adds up the paid ones as revenue and compares with the period before', async () => {
    await place('2026-03-10T09:00:00Z');
    await place('2026-03-10T10:00:00Z');
    await place('2026-03-01T08:00:00Z');
    await setStatus(await place('2026-03-05T08:00:00Z'), 'refunded');
    await setStatus(await place('2026-03-06T08:00:00Z'), 'new');
    // The previous period (2026-01-10 to 02-08) and one before it, which counts nowhere.
    await place('2026-02-08T23:59:59Z');
    await place('2026-01-09T23:59:59Z');

    const body = (await summary(viewer)).json() as Json;
    expect(body.currency).toBe('GBP');
    const day = (date: string) => body.days.find((d: Json) => d.date === date);
    expect(day('2026-03-10')).toEqual({ date: '2026-03-10', orders: 2, revenue: 2 * TOTAL });
    expect(day('2026-03-01')).toEqual({ date: '2026-03-01', orders: 1, revenue: TOTAL });
    // A refunded order and an unpaid one were placed, but brought no revenue.
    expect(day('2026-03-05')).toEqual({ date: '2026-03-05', orders: 1, revenue: 0 });
    expect(day('2026-03-06')).toEqual({ date: '2026-03-06', orders: 1, revenue: 0 });
    expect(day('2026-03-02')).toEqual({ date: '2026-03-02', orders: 0, revenue: 0 });
    expect(body.totals).toEqual({ orders: 5, paidOrders: 3, revenue: 3 * TOTAL, averageOrderValue: TOTAL });
    expect(body.previous).toEqual({ orders: 1, paidOrders: 1, revenue: TOTAL, averageOrderValue: TOTAL });

    const week = (await summary(owner, '&days=7')).json() as Json;
    expect(week.days.map((d: Json) => d.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(week.totals).toMatchObject({ orders: 4, revenue: 2 * TOTAL });
    // The week before holds 2026-03-01 only.
    expect(week.previous).toMatchObject({ orders: 1, revenue: TOTAL });
  });

  it("counts days in the project's time zone: late evening in New York is the next day in UTC", async () => {
    // 2026-03-10T03:00Z is 22:00 on 9 March in New York (EST, UTC-5).
    await place('2026-03-10T03:00:00Z');
    const utc = (await summary(owner, '&days=7')).json() as Json;
    expect(utc.days.at(-1)).toEqual({ date: '2026-03-10', orders: 3, revenue: 3 * TOTAL });

    await setTimeZone('America/New_York');
    const local = (await summary(owner, '&days=7')).json() as Json;
    expect(local.timeZone).toBe('America/New_York');
    expect(local.days.at(-2)).toEqual({ date: '2026-03-09', orders: 1, revenue: TOTAL });
    expect(local.days.at(-1)).toEqual({ date: '2026-03-10', orders: 2, revenue: 2 * TOTAL });

    // 8 March is New York's 23-hour day (clocks forward): 23:30 that evening is 03:30 UTC on the 9th.
    await place('2026-03-09T03:30:00Z');
    await place('2026-03-08T04:30:00Z'); // 23:30 on the 7th, before the change (UTC-5)
    const spring = (await summary(owner, '&days=7')).json() as Json;
    const on = (date: string) => spring.days.find((d: Json) => d.date === date).orders;
    expect([on('2026-03-07'), on('2026-03-08'), on('2026-03-09')]).toEqual([1, 1, 1]);

    // A zone nobody knows counts in UTC rather than failing.
    await setTimeZone('Mars/Olympus_Mons');
    expect(((await summary()).json() as Json).timeZone).toBe('UTC');
    await setTimeZone(undefined);
  });

  it('is refused without orders.read (403), on another platform or for another project (404), and for bad days (400)', async () => {
    expect((await summary(shop)).statusCode).toBe(403);

    const elsewhere = '/v1/platform/00000000-0000-4000-8000-000000000000';
    const wrong = await summary(owner, '', project, elsewhere);
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'PLATFORM_NOT_FOUND']);

    // Another project, on a platform of its own: neither platform id answers for the other project.
    const intruder = await bearerUser(t, 'intruder@example.com');
    const theirs = (await createProjectAs(intruder, 'Elsewhere')).id;
    const other = await insertPlatform(t.database.db, { name: 'Other' });
    await setProjectPlatform(t.database.db, theirs, other.id);
    const theirBase = await storefrontBase(t, theirs);
    const crossed = await summary(intruder, '', theirs, base);
    expect([crossed.statusCode, crossed.json().code]).toEqual([404, 'PLATFORM_NOT_FOUND']);
    expect((await summary(owner, '', project, theirBase)).json().code).toBe('PLATFORM_NOT_FOUND');
    // Their own shop is empty: nothing of this project's orders shows there.
    const own = (await summary(intruder, '', theirs, theirBase)).json() as Json;
    expect(own.totals.orders).toBe(0);
    expect((await summary(intruder)).statusCode).toBe(403);

    for (const days of ['6', '91', '30.5', 'many', '1e400']) {
      const res = await summary(owner, `&days=${days}`);
      expect([res.statusCode, res.json().code], days).toEqual([400, 'VALIDATION_ERROR']);
    }
  });
});

describe('summary days', () => {
  it('reads calendar days in a zone and steps over month ends and leap days', () => {
    expect(calendarDay(new Date('2026-03-29T00:30:00Z'), 'Europe/London')).toBe('2026-03-29');
    expect(calendarDay(new Date('2026-03-29T23:30:00Z'), 'Europe/London')).toBe('2026-03-30');
    expect(calendarDay(new Date('2026-01-01T04:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(summaryTimeZone(undefined)).toBe('UTC');
    expect(summaryTimeZone('Europe/Amsterdam')).toBe('Europe/Amsterdam');
    expect(summaryTimeZone('Not/AZone')).toBe('UTC');
  });
});
