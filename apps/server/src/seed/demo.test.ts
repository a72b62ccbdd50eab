import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../core/clock.js';
import type { DatabaseHandle } from '../core/db/database.js';
import { firstStart } from '../modules/accounts/first-start.js';
import { allUsers } from '../modules/accounts/testing.js';
import { builtInRoles } from '../modules/access/built-in-roles.js';
import { ownerCount, roleKeysOf } from '../modules/access/service.js';
import { allBlogRows } from '../modules/blog/testing.js';
import { projectIntegrationRows } from '../modules/integrations/testing.js';
import { allPlatforms } from '../modules/platform/testing.js';
import { projectIdsOnPlan, projectsTableCounts } from '../modules/projects/testing.js';
import { createTestDatabase } from '../test/database.js';
import { demoMemberships, demoProjects } from './demo-data.js';
import { seedDemo } from './demo.js';
import { DEMO_SHOP_PROJECT_ID } from './demo-storefront.js';

/** The seed's clock: the shop's two years end here. */
const clock = createTestClock('2026-11-27T10:00:00Z');
/** Writing the shop's 3,000 orders (and their search indexes) takes PGlite a while. */
const SEED_TIMEOUT = 120_000;

describe('the demo seed', () => {
  let database: DatabaseHandle;
  let platformId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await firstStart(database.db, createTestClock(), {
      platformName: 'Wharf',
      adminEmail: 'admin@wharf.local',
      publicUrl: 'http://localhost:3000',
    });
    const [platform] = await allPlatforms(database.db);
    platformId = platform!.id;
  });
  afterAll(() => database.close());

  const counts = async () => ({
    platforms: (await allPlatforms(database.db)).length,
    ...(await projectsTableCounts(database.db)),
    users: (await allUsers(database.db)).length,
    blogs: (await allBlogRows(database.db)).length,
    ...(await shopCounts()),
  });
  const shopCounts = async () => {
    const [row] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from storefront_customers) as customers,
      (select count(*)::int from storefront_orders) as orders,
      (select count(*)::int from storefront_order_items) as items,
      (select count(*)::int from storefront_order_events) as events,
      (select count(*)::int from storefront_enquiries) as enquiries,
      (select count(*)::int from storefront_reviews) as reviews,
      (select count(*)::int from storefront_shops) as shops`);
    return row!;
  };
  const rows = async <T>(query: SQL): Promise<T[]> => {
    const result = (await database.db.execute(query)) as { rows: unknown[] };
    return result.rows as T[];
  };

  it(
    'loads one platform, two organisations, seven projects (one on the demo plan) and every role',
    async () => {
      await seedDemo(database.db, platformId, clock);
      const after = await counts();
      expect(after).toMatchObject({ platforms: 1, organisations: 2, projects: 7, users: 7 });
      expect(await projectIdsOnPlan(database.db, 'demo')).toHaveLength(1);
      const held = new Set<string>();
      for (const m of demoMemberships) {
        for (const key of await roleKeysOf(database.db, m.projectId, m.userId)) held.add(key);
      }
      expect([...held].sort()).toEqual(builtInRoles.map((role) => role.key).sort());
      // Every project has an owner.
      for (const project of demoProjects) expect(await ownerCount(database.db, project.id)).toBeGreaterThan(0);
      expect(after.projectMembers).toBe(16);
    },
    SEED_TIMEOUT,
  );

  it("publishes the platform's help: at least six tutorials and six FAQs, with safe HTML", async () => {
    const posts = await allBlogRows(database.db);
    const published = posts.filter((p) => p.type === 'parent-platform' && p.visibility === 'published');
    expect(published.filter((p) => p.category === 'tutorial').length).toBeGreaterThanOrEqual(6);
    expect(published.filter((p) => p.category === 'faq').length).toBeGreaterThanOrEqual(6);
    expect(published.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'Invite your team',
        'Create an API key',
        'Set up two-factor authentication',
        'Give someone billing access',
        'Start a project from a template',
        'Switch between projects',
      ]),
    );
    for (const post of published) {
      expect(post.platformId).toBe(platformId);
      expect(post.excerpt.length, post.slug).toBeGreaterThan(20);
      expect(post.content, post.slug).not.toMatch(/<script|javascript:/i);
      for (const link of post.content.matchAll(/<a [^>]*>/g)) expect(link[0]).toContain('rel="noopener noreferrer"');
    }
  });

  it("gives the demo project a shop: two years of orders, busiest before Christmas, and customers' figures from their orders", async () => {
    const counts = await shopCounts();
    expect(counts.shops).toBe(1);
    expect(counts.customers).toBeGreaterThan(270);
    expect(counts.customers).toBeLessThanOrEqual(300);
    expect(counts.orders).toBeGreaterThan(2800);
    expect(counts.orders).toBeLessThan(3200);
    expect(counts.enquiries).toBe(40);
    expect(counts.reviews).toBe(150);
    const installed = (await projectIntegrationRows(database.db, DEMO_SHOP_PROJECT_ID)).map((row) => row.code);
    expect(installed).toEqual(expect.arrayContaining(['products', 'orders', 'customers', 'reviews']));

    // Every order is the sum of its lines, less its discount, plus shipping; numbered 1001 up without gaps.
    const [sums] = await rows<{ wrong: number; first: number; last: number; n: number; next: number }>(sql`select
      (select count(*)::int from storefront_orders o where o.total <> o.subtotal - o.discount + o.shipping + o.tax
        or o.subtotal <> (select sum(i.total) from storefront_order_items i where i.order_id = o.id)) as wrong,
      min(number) as first, max(number) as last, count(*)::int as n,
      (select next_number from storefront_shops where project_id = ${DEMO_SHOP_PROJECT_ID}) as next
      from storefront_orders`);
    expect(sums).toEqual({ wrong: 0, first: 1001, last: 1000 + sums!.n, n: sums!.n, next: 1001 + sums!.n });

    // Each customer's figures are those of their orders: all counted, the paid ones' totals as lifetime value.
    const mismatched = await rows(sql`select c.email from storefront_customers c
      join lateral (select count(*)::int as n,
          coalesce(sum(o.total) filter (where o.status in ('paid', 'processing', 'complete')), 0)::bigint as paid,
          min(o.placed_at) as first, max(o.placed_at) as last
        from storefront_orders o where o.customer_id = c.id) f on true
      where c.order_count <> f.n or c.lifetime_value <> f.paid
        or c.first_purchased_at <> f.first or c.last_purchased_at <> f.last`);
    expect(mismatched).toEqual([]);

    // Statuses by age: the old complete with tracking numbers, the last day's not shipped, a few refunded, a declined card or two.
    const statuses = await rows<{ status: string; n: number; old: number; tracked: number; failed: number }>(sql`
      select o.status, count(*)::int as n,
        count(*) filter (where o.placed_at < ${clock.now().toISOString()}::timestamptz - interval '30 days')::int as old,
        count(*) filter (where f.tracking_number is not null)::int as tracked,
        count(*) filter (where o.payment_failed)::int as failed
      from storefront_orders o join storefront_fulfillments f on f.order_id = o.id group by o.status`);
    const by = Object.fromEntries(statuses.map((s) => [s.status, s]));
    expect(by.complete!.tracked).toBe(by.complete!.n);
    expect(by.refunded!.n).toBeGreaterThan(5);
    expect(by.refunded!.n).toBeLessThan(100);
    expect(by.new!.n).toBeGreaterThanOrEqual(1);
    expect(by.new!.failed).toBe(by.new!.n);
    expect(by.new!.n).toBeLessThanOrEqual(2);
    expect((by.paid?.old ?? 0) + (by.processing?.old ?? 0)).toBe(0);
    expect(by.paid!.n + by.processing!.n).toBeGreaterThan(0);
    const [latest] = await rows<{ at: string }>(sql`select max(placed_at)::text as at from storefront_orders`);
    expect(Date.parse(latest!.at)).toBeLessThanOrEqual(clock.now().getTime());

    // More orders in November and December than in the spring months.
    const [season] = await rows<{ winter: number; spring: number }>(sql`select
      count(*) filter (where extract(month from placed_at) in (11, 12))::int as winter,
      count(*) filter (where extract(month from placed_at) in (3, 4))::int as spring from storefront_orders
      where placed_at >= '2025-01-01' and placed_at < '2026-01-01'`);
    expect(season!.winter).toBeGreaterThan(1.5 * season!.spring);

    // Enquiries: some unread, some answered with a reply in their log, some closed; reviews mostly approved.
    const [enquiries] = await rows<Record<string, number>>(sql`select
      count(*) filter (where read_at is null)::int as unread,
      count(*) filter (where status = 'closed')::int as closed,
      (select count(*)::int from storefront_enquiry_logs where kind = 'replied' and message is not null) as replies
      from storefront_enquiries`);
    for (const figure of ['unread', 'closed', 'replies']) expect(enquiries![figure], figure).toBeGreaterThan(0);
    const reviews = await rows<{ status: string; n: number; reasons: number }>(sql`select status, count(*)::int as n,
      count(rejection_reason)::int as reasons from storefront_reviews group by status`);
    const review = Object.fromEntries(reviews.map((s) => [s.status, s]));
    expect(review.approved!.n).toBeGreaterThan(100);
    expect(review.pending!.n).toBeGreaterThan(0);
    expect(review.rejected!.reasons).toBe(review.rejected!.n);
  });

  it(
    'can run twice without harm',
    async () => {
      const before = await counts();
      await seedDemo(database.db, platformId, clock);
      expect(await counts()).toEqual(before);
    },
    SEED_TIMEOUT,
  );
});
