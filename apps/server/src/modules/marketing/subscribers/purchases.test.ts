import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, subscribe } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { anOrder, projectKey, storefrontBase } from '../../../test/storefront.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("the shop's orders on subscribers", () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  let base: string;
  let shop: Awaited<ReturnType<typeof projectKey>>;

  const order = async (email: string) => {
    const res = await shop.call(
      'POST',
      `${base}/orders?project=${project}`,
      anOrder({ customer: { email, name: 'Buyer' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
  };
  const get = async (id: string) =>
    (await owner.call('GET', `/v1/mail/subscribers/${id}?project=${project}`)).json() as Json;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await installMarketing(owner, project);
    base = await storefrontBase(t, project);
    shop = await projectKey(t, owner, project, ['orders.create']);
  });
  afterAll(() => t.close());

  it("keeps a subscriber's last purchase and count as orders arrive, with a line of activity", async () => {
    const made = await subscribe(owner, project, { email: 'ada@example.com' });
    expect(made).toMatchObject({ lastPurchasedAt: null, purchaseCount: 0 });
    t.clock.advance(60_000);
    await order('Ada@Example.com');
    const placed = t.clock.now().toISOString();
    expect(await get(made.id)).toMatchObject({ lastPurchasedAt: placed, purchaseCount: 1 });
    t.clock.advance(60_000);
    await order('ada@example.com');
    expect(await get(made.id)).toMatchObject({ lastPurchasedAt: t.clock.now().toISOString(), purchaseCount: 2 });
    const events = (
      await owner.call('GET', `/v1/mail/subscribers/${made.id}/events?project=${project}`)
    ).json() as Json;
    expect(events.items.map((e: Json) => e.kind)).toEqual(['purchased', 'purchased', 'created']);
    expect(events.items[1].at).toBe(placed);

    // An order from someone who is not a subscriber changes nobody.
    await order('stranger@example.com');
    expect(await get(made.id)).toMatchObject({ purchaseCount: 2 });
  });

  it('a subscriber who bought before subscribing starts with their purchases', async () => {
    await order('grace@example.com');
    const bought = t.clock.now().toISOString();
    await order('grace@example.com');
    t.clock.advance(86_400_000);
    await owner.refresh();
    const made = await subscribe(owner, project, { email: 'GRACE@example.com' });
    expect(made).toMatchObject({ lastPurchasedAt: bought, purchaseCount: 2 });
  });
});
