import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { anOrder, connectSandboxAccount, projectKey, storefrontBase } from '../../../test/storefront.js';
import { addMembers } from '../../access/testing.js';
import { AccountGatewayError, type AccountRefundInput } from '../payments/account-gateway.js';
import { SandboxAccountGateway } from '../payments/index.js';
import { storefrontCustomers } from '../schema.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The sandbox, but its refunds can be made to fail as an outage would. */
class FlakyRefunds extends SandboxAccountGateway {
  down = false;
  override async refund(input: AccountRefundInput) {
    if (this.down) throw new AccountGatewayError('down', 'unavailable');
    return super.refund(input);
  }
}

describe('refunding an order', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let project: string;
  let base: string;
  let shop: Awaited<ReturnType<typeof projectKey>>;
  const gateway = new FlakyRefunds();

  const place = async (body: object) => {
    t.clock.advance(1000);
    const res = await shop.call('POST', `${base}/orders?project=${project}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };
  const refund = (user: BearerUser, orderId: string, body: object = {}) =>
    user.call('POST', `${base}/orders/${orderId}/refund?project=${project}`, body);
  const lifetimeValue = async (email: string) => {
    const [row] = await t.database.db
      .select({ value: storefrontCustomers.lifetimeValue })
      .from(storefrontCustomers)
      .where(eq(storefrontCustomers.email, email));
    return row!.value;
  };

  beforeAll(async () => {
    t = await createStartedTestApp({ deps: { accountGateway: gateway } });
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await addMembers(t.database.db, project, [member.user.id], 'member');
    base = await storefrontBase(t, project);
    shop = await projectKey(t, owner, project, ['orders.create']);
    await connectSandboxAccount(owner, project);
  });
  afterAll(() => t.close());

  it('gives a card payment back once, cancels open fulfilments, lowers the lifetime value, and logs why', async () => {
    const email = 'grace@example.com';
    const order = await place(
      anOrder({
        customer: { email, name: 'Grace Hopper' },
        payment: { method: 'card', paymentMethod: 'pm_card_visa' },
      }),
    );
    expect(order.status).toBe('paid');
    expect(await lifetimeValue(email)).toBe(4995);

    const res = await refund(owner, order.id, { reason: 'Arrived broken' });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = res.json() as Json;
    expect(refunded.status).toBe('refunded');
    expect(refunded.fulfillments.map((f: Json) => f.status)).toEqual(['cancelled']);
    const last = refunded.timeline.at(-1) as Json;
    expect(last.kind).toBe('refunded');
    expect(last.message).toMatch(
      /^Refunded £49\.95 to the card \(re_sandbox_[0-9a-f]+\)\. 1 open fulfilment cancelled\. Reason: Arrived broken$/,
    );
    expect(last.actor).toBeTruthy();
    expect(gateway.refundCount).toBe(1);
    expect(await lifetimeValue(email)).toBe(0);

    const audit = await auditEntries(t.database.db, { projectId: project });
    expect(audit.find((e) => e.operationId === 'refundOrder')).toMatchObject({ target: `order:${order.id}` });

    // Again: refused, and nothing more is given back.
    const again = await refund(owner, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
      message: `Order #${order.number} is refunded already.`,
    });
    expect(gateway.refundCount).toBe(1);
  });

  it('refunds at most once when two calls race', async () => {
    const order = await place(anOrder({ payment: { method: 'card', paymentMethod: 'pm_card_visa' } }));
    const before = gateway.refundCount;
    const answers = await Promise.all([refund(owner, order.id), refund(owner, order.id)]);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(
      answers.every((a) => a.statusCode === 200 || a.statusCode === 409),
      answers.map((a) => a.body).join(),
    ).toBe(true);
    expect(gateway.refundCount - before).toBe(1);
    const view = (await owner.call('GET', `${base}/orders/${order.id}?project=${project}`)).json() as Json;
    expect(view.timeline.filter((e: Json) => e.kind === 'refunded')).toHaveLength(1);
  });

  it('records a refund of a payment taken elsewhere without asking the payment account', async () => {
    const order = await place(anOrder({ source: 'etsy', externalId: 'etsy-77' }));
    const before = gateway.refundCount;
    const res = await refund(owner, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json).timeline.at(-1).message).toBe(
      'Marked refunded: £49.95 was paid outside Wharf (etsy-991), so give it back there. 1 open fulfilment cancelled.',
    );
    expect(gateway.refundCount).toBe(before);
  });

  it('changes nothing when the provider is down, and finishes when called again', async () => {
    const order = await place(anOrder({ payment: { method: 'card', paymentMethod: 'pm_card_visa' } }));
    gateway.down = true;
    const failed = await refund(owner, order.id);
    gateway.down = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_ACCOUNT_UNAVAILABLE' });
    const view = (await owner.call('GET', `${base}/orders/${order.id}?project=${project}`)).json() as Json;
    expect(view.status).toBe('paid');
    expect((await refund(owner, order.id)).statusCode).toBe(200);
  });

  it('refuses an unpaid order, a member, another platform, a forged order and a NUL byte', async () => {
    const unpaid = await place(anOrder({ payment: { method: 'card', paymentMethod: 'pm_card_chargeDeclined' } }));
    expect(unpaid.status).toBe('new');
    const res = await refund(owner, unpaid.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: `Order #${unpaid.number} is not paid: there is nothing to refund.` });

    const paid = await place(anOrder());
    expect((await refund(member, paid.id)).statusCode).toBe(403);
    const elsewhere = await owner.call(
      'POST',
      `/v1/platform/00000000-0000-4000-8000-000000000000/orders/${paid.id}/refund?project=${project}`,
      {},
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await refund(owner, '00000000-0000-4000-8000-0000000000aa')).statusCode).toBe(404);
    expect((await refund(owner, paid.id, { reason: 'bad\u0000byte' })).statusCode).toBe(400);
    const view = (await owner.call('GET', `${base}/orders/${paid.id}?project=${project}`)).json() as Json;
    expect(view.status).toBe('paid');
  });
});
