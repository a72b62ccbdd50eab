import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMembers } from '../access/testing.js';
import { SandboxAccountGateway } from './payments/index.js';
import { storefrontCustomers, storefrontOrders, storefrontShops } from './schema.js';
import { anOrder, connectSandboxAccount, projectKey, storefrontBase } from '../../test/storefront.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('orders through the intake', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let project: string;
  let base: string;
  let shop: Awaited<ReturnType<typeof projectKey>>;
  const gateway = new SandboxAccountGateway();

  /** Each order a second after the one before: the list's newest-first order is then the numbers'. */
  const place = async (body: object) => {
    t.clock.advance(1000);
    return shop.call('POST', `${base}/orders?project=${project}`, body);
  };
  const getOrder = async (id: string) =>
    (await owner.call('GET', `${base}/orders/${id}?project=${project}`)).json() as Json;
  const connectAccount = () => connectSandboxAccount(owner, project);

  beforeAll(async () => {
    t = await createStartedTestApp({ deps: { accountGateway: gateway } });
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [member.user.id], 'member');
    base = await storefrontBase(t, project);
    shop = await projectKey(t, owner, project, ['orders.create']);
  });
  afterAll(() => t.close());

  it('takes an order paid on a sales channel: adds it up, numbers it, counts the customer, opens a fulfilment', async () => {
    const res = await place(anOrder({ externalId: 'etsy-1', source: 'etsy' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Json;
    expect(order).toMatchObject({
      number: 1001,
      status: 'paid',
      source: 'etsy',
      paymentFailed: false,
      itemCount: 3,
      totals: { subtotal: 4500, shipping: 495, tax: 0, discount: 0, total: 4995, currency: 'GBP' },
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    });
    expect(order.items.map((item: Json) => item.total)).toEqual([2500, 2000]);
    expect(order.payments).toMatchObject([
      { attempt: 1, method: 'external', outcome: 'succeeded', reference: 'etsy-991' },
    ]);
    expect(order.fulfillments).toHaveLength(1);
    expect(order.fulfillments[0]).toMatchObject({ status: 'pending', fulfiller: { kind: 'project' } });
    expect(order.fulfillments[0].items.map((item: Json) => item.quantity)).toEqual([2, 1]);
    expect(order.timeline.map((event: Json) => event.kind)).toEqual(['placed', 'payment_succeeded']);
    expect(order.timeline[0]).toMatchObject({
      message: 'Order #1001 placed through etsy for £49.95.',
      actor: 'An API key',
    });

    const [customer] = await t.database.db
      .select()
      .from(storefrontCustomers)
      .where(eq(storefrontCustomers.projectId, project));
    expect(customer).toMatchObject({ email: 'ada@example.com', orderCount: 1, lifetimeValue: 4995 });
    const audit = await auditEntries(t.database.db, { projectId: project });
    expect(audit.some((entry) => entry.operationId === 'placeOrder' && entry.target === `order:${order.id}`)).toBe(
      true,
    );
  });

  it('answers the same order for the same externalId and writes nothing more', async () => {
    const again = await place(anOrder({ externalId: 'etsy-1', source: 'etsy' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ number: 1001 });
    const [{ n }] = (await t.database.db
      .select({ n: count() })
      .from(storefrontOrders)
      .where(eq(storefrontOrders.projectId, project))) as [{ n: number }];
    expect(n).toBe(1);
    const [customer] = await t.database.db
      .select()
      .from(storefrontCustomers)
      .where(eq(storefrontCustomers.projectId, project));
    expect(customer!.orderCount).toBe(1);
  });

  it('refuses what it cannot take, says why, and changes nothing', async () => {
    const cases: [object, number, string][] = [
      [anOrder({ currency: 'EUR' }), 400, 'CURRENCY_MISMATCH'],
      [anOrder({ discount: 999_999 }), 400, 'DISCOUNT_TOO_LARGE'],
      [anOrder({ payment: { method: 'card', paymentMethod: 'pm_card_visa' } }), 409, 'PAYMENT_ACCOUNT_NOT_CONNECTED'],
      [anOrder({ placedAt: '2999-01-01T00:00:00Z' }), 400, 'PLACED_IN_FUTURE'],
      [anOrder({ items: [] }), 400, 'VALIDATION_ERROR'],
      [anOrder({ customer: { email: 'ada\u0000@example.com', name: 'Ada' } }), 400, 'VALIDATION_ERROR'],
      [
        { ...anOrder(), items: [{ sku: 'A', name: 'A', quantity: 10_000, unitPrice: 1_000_000_000_000 }] },
        400,
        'AMOUNT_TOO_LARGE',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await place(body);
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    }
    const [row] = await t.database.db.select().from(storefrontShops).where(eq(storefrontShops.projectId, project));
    // Refused orders took no number: the next is still 1002.
    expect(row).toMatchObject({ currency: 'GBP', nextNumber: 1002 });
  });

  it('charges cards through the payment account; a failed payment waits for a retry that charges once', async () => {
    await connectAccount();
    const paid = (await place(anOrder({ payment: { method: 'card', paymentMethod: 'pm_card_visa' } }))).json() as Json;
    expect(paid).toMatchObject({ number: 1002, status: 'paid', paymentFailed: false });
    expect(paid.payments[0]).toMatchObject({ method: 'card', outcome: 'succeeded' });

    const failing = await place(
      anOrder({
        customer: { email: 'Grace@Example.com', name: 'Grace Hopper' },
        payment: { method: 'card', paymentMethod: 'pm_card_declinedOnce' },
      }),
    );
    const failed = failing.json() as Json;
    expect(failed).toMatchObject({ number: 1003, status: 'new', paymentFailed: true, paidAt: null });
    expect(failed.payments[0]).toMatchObject({ outcome: 'failed', failure: 'The card was declined.' });
    expect(failed.timeline.at(-1)).toMatchObject({ kind: 'payment_failed' });

    // Fulfilling an unpaid order is refused with the reason.
    const early = await owner.call('PATCH', `${base}/fulfillments/${failed.fulfillments[0].id}?project=${project}`, {
      status: 'processing',
    });
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'Order #1003 is not paid yet: fulfil it once its payment succeeds.',
    ]);

    const charges = gateway.chargeCount;
    const retried = await owner.call('POST', `${base}/orders/${failed.id}/retryPlatformPayment?project=${project}`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'paid', paymentFailed: false });
    expect(retried.json().payments.map((p: Json) => p.outcome)).toEqual(['failed', 'succeeded']);
    expect(gateway.chargeCount).toBe(charges + 1);

    // Once paid, a repeat is refused and charges nothing.
    const again = await owner.call('POST', `${base}/orders/${failed.id}/retryPlatformPayment?project=${project}`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PAYMENT_NOT_RETRYABLE']);
    expect(gateway.chargeCount).toBe(charges + 1);

    const [grace] = await t.database.db
      .select()
      .from(storefrontCustomers)
      .where(eq(storefrontCustomers.email, 'grace@example.com'));
    expect(grace).toMatchObject({ orderCount: 1, lifetimeValue: 4995 });
  });

  it('moves an order to processing and complete through its fulfilment, refusing a move back', async () => {
    const order = (await place(anOrder({ externalId: 'etsy-2', source: 'etsy' }))).json() as Json;
    const url = `${base}/fulfillments/${order.fulfillments[0].id}?project=${project}`;
    expect((await owner.call('PATCH', url, { status: 'processing' })).statusCode).toBe(200);
    expect((await getOrder(order.id)).status).toBe('processing');

    const shipped = await owner.call('PATCH', url, {
      status: 'shipped',
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
      trackingUrl: 'https://track.example/RM123456789GB',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' });
    const complete = await getOrder(order.id);
    expect(complete).toMatchObject({ status: 'complete' });
    expect(complete.fulfilledAt).not.toBeNull();
    expect(complete.timeline.map((e: Json) => e.kind)).toEqual([
      'placed',
      'payment_succeeded',
      'fulfillment_updated',
      'status_changed',
      'fulfillment_updated',
      'status_changed',
    ]);

    const back = await owner.call('PATCH', url, { status: 'pending' });
    expect([back.statusCode, back.json().message]).toEqual([
      409,
      'A shipped fulfilment can move only to delivered, not to pending.',
    ]);
  });

  it('splits a fulfilment across fulfillers, offering only installed fulfilling modules', async () => {
    const order = (await place(anOrder({ externalId: 'etsy-3', source: 'etsy' }))).json() as Json;
    const [mugs, tee] = order.items as Json[];
    const url = `${base}/fulfillments/${order.fulfillments[0].id}?project=${project}`;
    const fulfillers = (await owner.call('GET', `${base}/available-fulfillers?project=${project}`)).json();
    expect(fulfillers).toEqual([expect.objectContaining({ kind: 'project', code: null })]);
    const notInstalled = await owner.call('PATCH', url, { fulfiller: { kind: 'module', code: 'printify' } });
    expect([notInstalled.statusCode, notInstalled.json().message]).toEqual([
      400,
      'Install the Printify module before giving it orders to fulfil.',
    ]);

    t.clock.advance(1000);
    const split = await owner.call('PATCH', url, { items: [{ orderItemId: mugs!.id, quantity: 1 }] });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().items).toEqual([expect.objectContaining({ orderItemId: mugs!.id, quantity: 1 })]);
    const after = await getOrder(order.id);
    expect(after.fulfillments).toHaveLength(2);
    expect(after.fulfillments[1].items.map((i: Json) => [i.orderItemId, i.quantity])).toEqual([
      [mugs!.id, 1],
      [tee!.id, 1],
    ]);
    const tooMany = await owner.call('PATCH', url, { items: [{ orderItemId: mugs!.id, quantity: 5 }] });
    expect(tooMany.statusCode).toBe(400);
  });

  it('lists orders by date, searched by number, name or email, in signed pages', async () => {
    const all = (await owner.call('GET', `${base}/orders?project=${project}&pageSize=2`)).json() as Json;
    expect(all.items.map((o: Json) => o.number)).toEqual([1005, 1004]);
    const next = (
      await owner.call('GET', `${base}/orders?project=${project}&pageSize=2&pageToken=${all.nextPageToken}`)
    ).json() as Json;
    expect(next.items.map((o: Json) => o.number)).toEqual([1003, 1002]);

    const search = async (q: string, extra = '') =>
      (
        (
          await owner.call('GET', `${base}/orders?project=${project}&search=${encodeURIComponent(q)}${extra}`)
        ).json() as Json
      ).items.map((o: Json) => o.number);
    expect(await search('1003')).toEqual([1003]);
    expect(await search('grace')).toEqual([1003]);
    expect(await search('hopper example')).toEqual([1003]);
    expect(await search('%')).toEqual([]);
    expect(await search('ada', '&dateFilterType=fulfilled')).toEqual([1004]);

    const future = (await owner.call('GET', `${base}/orders?project=${project}&start=2999-01-01T00:00:00Z`)).json();
    expect(future.items).toEqual([]);
    const forged = await owner.call('GET', `${base}/orders?project=${project}&pageToken=abc.def`);
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'INVALID_PAGE_TOKEN']);
    const backwards = await owner.call(
      'GET',
      `${base}/orders?project=${project}&start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z`,
    );
    expect([backwards.statusCode, backwards.json().code]).toEqual([400, 'INVALID_DATE_RANGE']);
  });

  it('finds customers by order count, lifetime value and last purchase, with their orders', async () => {
    const list = async (query: string) =>
      ((await owner.call('GET', `${base}/customers?project=${project}&${query}`)).json() as Json).items.map(
        (c: Json) => `${c.email}:${c.totalOrderCount}:${c.lifetimeValue}`,
      );
    expect(await list('sortBy=-lifetimeValue')).toEqual(['ada@example.com:4:19980', 'grace@example.com:1:4995']);
    expect(await list('totalOrderCount=gte:2')).toEqual(['ada@example.com:4:19980']);
    expect(await list('lifetimeValue=1000..5000')).toEqual(['grace@example.com:1:4995']);
    expect(await list('lifetimeValue=lt:4995')).toEqual([]);
    expect(await list('search=hopper')).toEqual(['grace@example.com:1:4995']);
    expect(await list('lastPurchasedStart=2999-01-01T00:00:00Z')).toEqual([]);
    const bad = await owner.call('GET', `${base}/customers?project=${project}&totalOrderCount=about:3`);
    expect(bad.statusCode).toBe(400);

    const paged = (
      await owner.call('GET', `${base}/customers?project=${project}&sortBy=name&pageSize=1`)
    ).json() as Json;
    const second = (
      await owner.call(
        'GET',
        `${base}/customers?project=${project}&sortBy=name&pageSize=1&pageToken=${paged.nextPageToken}`,
      )
    ).json() as Json;
    expect([paged.items[0].name, second.items[0].name]).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // A name sort's token read as a number sort's is refused, not read loosely.
    const mixed = await owner.call(
      'GET',
      `${base}/customers?project=${project}&sortBy=lifetimeValue&pageToken=${paged.nextPageToken}`,
    );
    expect(mixed.statusCode).toBe(400);

    const ada = paged.items[0] as Json;
    const detail = (await owner.call('GET', `${base}/customers/${ada.id}?project=${project}`)).json() as Json;
    expect(detail).toMatchObject({ email: 'ada@example.com', currency: 'GBP', totalOrderCount: 4 });
    expect(detail.orders.map((o: Json) => o.number)).toEqual([1005, 1004, 1002, 1001]);
    expect(detail.lastShippingAddress).toMatchObject({ city: 'London' });
  });

  it('holds each call to its permission and the project to its own platform', async () => {
    const order = (await getOrder((await place(anOrder({ externalId: 'etsy-4', source: 'etsy' }))).json().id)) as Json;
    // The intake's key places orders and reads nothing.
    expect((await shop.call('GET', `${base}/orders?project=${project}`)).statusCode).toBe(403);
    // A member reads orders and customers but does not fulfil or retry.
    expect((await member.call('GET', `${base}/orders/${order.id}?project=${project}`)).statusCode).toBe(200);
    expect((await member.call('GET', `${base}/customers?project=${project}`)).statusCode).toBe(200);
    const patch = await member.call('PATCH', `${base}/fulfillments/${order.fulfillments[0].id}?project=${project}`, {
      status: 'processing',
    });
    expect(patch.statusCode).toBe(403);
    expect((await member.call('POST', `${base}/orders?project=${project}`, anOrder())).statusCode).toBe(403);
    // Another platform's id in the path is not found, whatever the caller may do in the project.
    const elsewhere = `/v1/platform/00000000-0000-4000-8000-000000000000`;
    const wrong = await owner.call('GET', `${elsewhere}/orders/${order.id}?project=${project}`);
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'PLATFORM_NOT_FOUND']);
  });

  it("gives another project's owner nothing of this project's orders, customers or fulfilments, even with its ids", async () => {
    const order = (await place(anOrder({ externalId: 'etsy-5', source: 'etsy' }))).json() as Json;
    const intruder = await bearerUser(t, 'intruder@example.com');
    const theirs = (await createProjectAs(intruder, 'Elsewhere')).id;
    const theirBase = await storefrontBase(t, theirs);
    const tries = [
      intruder.call('GET', `${theirBase}/orders/${order.id}?project=${theirs}`),
      intruder.call('GET', `${theirBase}/customers/${order.customer.id}?project=${theirs}`),
      intruder.call('GET', `${theirBase}/fulfillments/${order.fulfillments[0].id}?project=${theirs}`),
      intruder.call('PATCH', `${theirBase}/fulfillments/${order.fulfillments[0].id}?project=${theirs}`, {
        status: 'shipped',
      }),
      intruder.call('POST', `${theirBase}/orders/${order.id}/retryPlatformPayment?project=${theirs}`),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    const lists = await Promise.all([
      intruder.call('GET', `${theirBase}/orders?project=${theirs}&search=ada`),
      intruder.call('GET', `${theirBase}/customers?project=${theirs}`),
    ]);
    for (const res of lists) expect(res.json().items).toEqual([]);
    // Their own project's id with this project's platform, or this project with theirs: refused.
    expect((await intruder.call('GET', `${base}/orders?project=${project}`)).statusCode).toBe(403);
    expect((await getOrder(order.id)).fulfillments[0].status).toBe('pending');
  });
});
