import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import {
  bearerToken,
  billingUrl,
  type Caller,
  callerFor,
  company,
  memberWithRole,
  postWithKey,
  sandboxCard,
  topUp,
} from '../../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { SANDBOX_CARDS, SandboxGateway } from '../gateway/sandbox.js';
import { removePaymentMethod } from './payment-methods.js';
import { paymentAttempts, transactions } from '../schema.js';

const START = '2026-01-15T12:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('payment methods and wallet top-ups (sandbox gateway)', () => {
  let t: TestApp;
  let owner: BearerUser;
  const url = (path: string, p: string) => billingUrl(path, p);

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
    t.clock.set(START);
  });

  async function billedProject(name: string) {
    const p = (await createProjectAs(owner, name)).id;
    expect((await owner.call('PATCH', url('/billing', p), { company })).statusCode).toBe(200);
    return p;
  }
  async function addCard(p: string, extra: Record<string, unknown> = {}, who: Caller = owner) {
    const res = await who.call('POST', url('/payment-methods', p), sandboxCard(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; isDefault: boolean; last4: string };
  }
  async function ledgerOf(p: string) {
    const result = await t.database.db.execute(sql`
      select w.balance,
        (select coalesce(sum(amount), 0) from billing_transactions x where x.wallet_id = w.id and x.status = 'confirmed') as confirmed,
        (select count(*) from billing_transactions x where x.wallet_id = w.id and x.type = 'payment') as payments
      from billing_wallets w where w.project_id = ${p}`);
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return row
      ? { balance: Number(row.balance), confirmed: Number(row.confirmed), payments: Number(row.payments) }
      : { balance: 0, confirmed: 0, payments: 0 };
  }
  const attemptsOf = (paymentMethodId: string) =>
    t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentMethodId, paymentMethodId));

  describe('adding cards', () => {
    let p: string;
    beforeAll(async () => {
      p = await billedProject('Cards');
    });

    it('stores brand, last four digits and expiry; the first card is the default', async () => {
      const res = await owner.call('POST', url('/payment-methods', p), sandboxCard());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(String),
        vendor: 'sandbox',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        holderName: 'Ada Harbour',
        isDefault: true,
        expired: false,
        createdAt: expect.any(String),
      });
      expect(res.body).not.toContain('4242424242424242');
      const one = await owner.call('GET', url(`/payment-methods/${res.json().id}`, p));
      expect(one.json()).toEqual(res.json());
    });

    it.each([
      [
        'a number failing the Luhn check',
        { number: '4242 4242 4242 4241' },
        'body.number',
        'This card number is not valid. Check the digits.',
      ],
      ['a number too short', { number: '4242 4242' }, 'body.number', 'Enter a card number of 12 to 19 digits.'],
      [
        'letters in the number',
        { number: '4242 abcd 4242 4242' },
        'body.number',
        'Enter a card number of 12 to 19 digits.',
      ],
      ['month 13', { expMonth: 13 }, 'body.expMonth', 'Use a month from 1 to 12.'],
      ['a two-digit year', { expYear: 30 }, 'body.expYear', 'Use a four-digit year such as 2030.'],
      ['a short security code', { cvc: '12' }, 'body.cvc', 'Enter the 3 or 4 digit security code.'],
      ['no holder', { holderName: '  ' }, 'body.holderName', 'Enter the name on the card.'],
    ])('refuses %s with clear words', async (_name, extra, path, message) => {
      const res = await owner.call('POST', url('/payment-methods', p), sandboxCard(extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    });

    it('refuses a card past its expiry date by the app clock', async () => {
      const res = await owner.call('POST', url('/payment-methods', p), sandboxCard({ expMonth: 12, expYear: 2025 }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'CARD_INVALID',
        message: 'This card has expired. Check the expiry date.',
        errors: [{ path: 'body.expYear', message: 'This card has expired. Check the expiry date.' }],
      });
    });

    it('declines the declining test card when it is added, as a card network declines a setup', async () => {
      const q = await billedProject('Setup declined');
      const res = await owner.call('POST', url('/payment-methods', q), sandboxCard({ number: '4000 0000 0000 0002' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'CARD_DECLINED',
        message: 'This card was declined by its bank. Use another card.',
        errors: [{ path: 'body.number', message: 'This card was declined by its bank. Use another card.' }],
      });
      // Nothing stored, so nothing became the default; the next good card is the first.
      expect((await owner.call('GET', url('/payment-methods', q))).json()).toEqual([]);
      const flags = (await owner.call('GET', url('/billing', q))).json().flags;
      expect(flags.map((f: { code: string }) => f.code)).toContain('payment_method_required');
      expect(await addCard(q)).toMatchObject({ isDefault: true, last4: '4242' });
      // Also when asked to become the default, next to a good card.
      const again = await owner.call(
        'POST',
        url('/payment-methods', q),
        sandboxCard({ number: '4000000000000002', isDefault: true }),
      );
      expect(again.json().code).toBe('CARD_DECLINED');
      expect((await owner.call('GET', url('/payment-methods', q))).json()).toEqual([
        expect.objectContaining({ last4: '4242', isDefault: true }),
      ]);
    });

    it('needs the company details first', async () => {
      const bare = (await createProjectAs(owner, 'No company')).id;
      const res = await owner.call('POST', url('/payment-methods', bare), sandboxCard());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'COMPANY_NOT_FOUND', message: 'Company setup required.' });
      expect((await owner.call('GET', url('/payment-methods/sandbox/secret', bare))).json().code).toBe(
        'COMPANY_NOT_FOUND',
      );
    });

    it('never stores the card number: not in any table, the audit log and idempotency keys included', async () => {
      await addCard(p, { number: SANDBOX_CARDS.declinesCharges });
      await postWithKey(
        t,
        await bearerToken(t, owner.user.id),
        url('/payment-methods', p),
        'card-key',
        sandboxCard({ number: '4000 0000 0000 9995' }),
      );
      const tables = await t.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      let everything = '';
      for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
        const rows = await t.database.db.execute(sql.raw(`select x::text as row from "${table_name}" x`));
        everything += (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join('\n');
      }
      expect(everything).toContain('9995'); // the last four digits are there...
      for (const number of [SANDBOX_CARDS.succeeds, SANDBOX_CARDS.declinesCharges, SANDBOX_CARDS.insufficientFunds]) {
        expect(everything).not.toContain(number); // ...the numbers are not
        expect(everything).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
      const [audit] = await auditEntries(t.database.db, { operationId: 'createPaymentMethod', projectId: p });
      expect(audit?.details).toEqual({ brand: 'visa', last4: '4242', isDefault: true });
    });
  });

  describe('the default and removal', () => {
    it('moves the default on PATCH and on create with isDefault, and lists the default first', async () => {
      const p = await billedProject('Default');
      const first = await addCard(p);
      const second = await addCard(p, { number: '5555 5555 5555 4444' });
      expect(second.isDefault).toBe(false);
      const res = await owner.call('PATCH', url(`/payment-methods/${second.id}`, p), { isDefault: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: second.id, isDefault: true, brand: 'mastercard' });
      let list = (await owner.call('GET', url('/payment-methods', p))).json() as { id: string; isDefault: boolean }[];
      expect(list.map((m) => [m.id, m.isDefault])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);
      const third = await addCard(p, { isDefault: true });
      expect(third.isDefault).toBe(true);
      list = (await owner.call('GET', url('/payment-methods', p))).json();
      expect(list.filter((m) => m.isDefault).map((m) => m.id)).toEqual([third.id]);
      expect((await owner.call('PATCH', url(`/payment-methods/${first.id}`, p), { isDefault: false })).statusCode).toBe(
        400,
      );
      expect((await owner.call('PATCH', url(`/payment-methods/${UNKNOWN}`, p), { isDefault: true })).statusCode).toBe(
        404,
      );
    });

    it('makes the newest remaining card the default when the default goes, and lets the last go with nothing due', async () => {
      const p = await billedProject('Removal');
      const first = await addCard(p);
      const second = await addCard(p);
      expect((await owner.call('DELETE', url(`/payment-methods/${first.id}`, p))).statusCode).toBe(204);
      expect((await owner.call('GET', url(`/payment-methods/${first.id}`, p))).statusCode).toBe(404);
      const list = (await owner.call('GET', url('/payment-methods', p))).json();
      expect(list).toEqual([expect.objectContaining({ id: second.id, isDefault: true })]);
      expect((await owner.call('DELETE', url(`/payment-methods/${second.id}`, p))).statusCode).toBe(204);
      expect((await owner.call('GET', url('/payment-methods', p))).json()).toEqual([]);
      expect((await owner.call('DELETE', url(`/payment-methods/${second.id}`, p))).statusCode).toBe(404);
    });

    it('keeps the last payment method while invoices are due', async () => {
      const p = await billedProject('Due');
      const only = await addCard(p);
      const due = async () => true;
      await expect(
        t.database.db.transaction((tx) => removePaymentMethod(tx, p, only.id, t.clock.now(), due)),
      ).rejects.toMatchObject({ status: 409, code: 'PAYMENT_METHOD_IN_USE' });
      const other = await addCard(p);
      const removed = await t.database.db.transaction((tx) => removePaymentMethod(tx, p, only.id, t.clock.now(), due));
      expect(removed.removedAt).not.toBeNull();
      const list = (await owner.call('GET', url('/payment-methods', p))).json();
      expect(list).toEqual([expect.objectContaining({ id: other.id, isDefault: true })]);
    });
  });

  describe('the vendor secret', () => {
    it('gives a sandbox setup secret, 404 for other vendors, and SETUP_INTENT_FAILED when the gateway fails', async () => {
      const p = await billedProject('Secret');
      const res = await owner.call('GET', url('/payment-methods/sandbox/secret', p));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        vendor: 'sandbox',
        secret: expect.stringMatching(/^seti_sandbox_/),
        publishableKey: null,
      });
      expect((await owner.call('GET', url('/payment-methods/stripe/secret', p))).statusCode).toBe(404);
      vi.spyOn(SandboxGateway.prototype, 'createSetup').mockRejectedValueOnce(new Error('gateway down'));
      const failed = await owner.call('GET', url('/payment-methods/sandbox/secret', p));
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ code: 'SETUP_INTENT_FAILED', message: 'Failed to create a payment method.' });
    });
  });

  describe('topping up a wallet', () => {
    it('charges the default card and books exactly one confirmed payment; the balance is the sum of the entries', async () => {
      const p = await billedProject('Top-up');
      const card = await addCard(p);
      const res = await owner.call('POST', url('/transactions', p), topUp(5_000));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ type: 'payment', status: 'confirmed', amount: 5_000, currency: 'EUR' });
      expect(await ledgerOf(p)).toEqual({ balance: 5_000, confirmed: 5_000, payments: 1 });
      const [wallet] = (await owner.call('GET', url('/wallets', p))).json();
      expect(wallet).toMatchObject({ balance: 5_000, available: 5_000 });

      const attempts = (await owner.call('GET', url(`/payment-methods/${card.id}/payment-attempts`, p))).json();
      expect(attempts).toEqual({
        items: [
          {
            id: expect.any(String),
            paymentMethodId: card.id,
            amount: 5_000,
            currency: 'EUR',
            outcome: 'succeeded',
            gatewayReference: expect.stringMatching(/^ch_sandbox_/),
            transactionId: res.json().id,
            createdAt: expect.any(String),
          },
        ],
        nextPageToken: null,
      });
      const [audit] = await auditEntries(t.database.db, { operationId: 'createTransaction', projectId: p });
      expect(audit?.details).toMatchObject({ type: 'payment', amount: 5_000, paymentAttemptId: attempts.items[0].id });
    });

    it.each([
      [
        'declined',
        SANDBOX_CARDS.declinesCharges,
        'CARD_DECLINED',
        'The card was declined. Use another payment method.',
      ],
      [
        'insufficient_funds',
        SANDBOX_CARDS.insufficientFunds,
        'CARD_INSUFFICIENT_FUNDS',
        'The card has insufficient funds. Use another payment method.',
      ],
    ])(
      'books nothing when the card answers %s, records the attempt and says why (402)',
      async (outcome, number, code, message) => {
        const p = await billedProject(`Refused ${outcome}`);
        await addCard(p); // the default, a good card
        const bad = await addCard(p, { number });
        const res = await owner.call('POST', url('/transactions', p), topUp(2_000, { paymentMethodId: bad.id }));
        expect(res.statusCode).toBe(402);
        expect(res.json()).toEqual({ code, message });
        expect(await ledgerOf(p)).toEqual({ balance: 0, confirmed: 0, payments: 0 });
        const attempts = await attemptsOf(bad.id);
        expect(attempts).toEqual([
          expect.objectContaining({
            outcome,
            amount: 2_000,
            transactionId: null,
            gatewayReference: expect.any(String),
          }),
        ]);
      },
    );

    it('fails with CARD_EXPIRED once the card has expired by the app clock', async () => {
      const p = await billedProject('Expired top-up');
      const card = await addCard(p, { expMonth: 1, expYear: 2026 });
      t.clock.set('2026-02-01T00:00:00Z');
      const now = await callerFor(t, owner.user.id);
      const res = await now.call('POST', url('/transactions', p), topUp(1_000));
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe('CARD_EXPIRED');
      expect((await attemptsOf(card.id)).map((a) => a.outcome)).toEqual(['expired']);
      expect((await ledgerOf(p)).payments).toBe(0);
      expect((await now.call('GET', url(`/payment-methods/${card.id}`, p))).json().expired).toBe(true);
    });

    it('asks for a payment method when there is none, and 404s for an unknown one', async () => {
      const p = await billedProject('No card');
      const res = await owner.call('POST', url('/transactions', p), topUp(1_000));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'PAYMENT_METHOD_REQUIRED', message: 'Missing payment method.' });
      const unknown = await owner.call('POST', url('/transactions', p), topUp(1_000, { paymentMethodId: UNKNOWN }));
      expect(unknown.statusCode).toBe(404);
      const onCharge = await owner.call('POST', url('/transactions', p), {
        ...topUp(1_000, { paymentMethodId: UNKNOWN }),
        type: 'charge',
      });
      expect(onCharge.statusCode).toBe(400);
    });

    it('does not charge twice when a top-up is replayed with its Idempotency-Key', async () => {
      const p = await billedProject('Replay');
      const card = await addCard(p);
      const charges = vi.spyOn(SandboxGateway.prototype, 'charge');
      const token = await bearerToken(t, owner.user.id);
      const first = await postWithKey(t, token, url('/transactions', p), 'top-up-1', topUp(3_000));
      const second = await postWithKey(t, token, url('/transactions', p), 'top-up-1', topUp(3_000));
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(charges).toHaveBeenCalledTimes(1);
      expect(await ledgerOf(p)).toEqual({ balance: 3_000, confirmed: 3_000, payments: 1 });
      expect(await attemptsOf(card.id)).toHaveLength(1);

      // A refusal is replayed too, without asking the card again.
      const bad = await addCard(p, { number: SANDBOX_CARDS.declinesCharges });
      const body = topUp(1_000, { paymentMethodId: bad.id });
      const refused = await postWithKey(t, token, url('/transactions', p), 'top-up-2', body);
      const refusedAgain = await postWithKey(t, token, url('/transactions', p), 'top-up-2', body);
      expect([refused.statusCode, refusedAgain.statusCode]).toEqual([402, 402]);
      expect(refusedAgain.json()).toEqual(refused.json());
      expect(charges).toHaveBeenCalledTimes(2);
      expect(await attemptsOf(bad.id)).toHaveLength(1);
    });

    it('pages the attempts of a payment method, newest first', async () => {
      const p = await billedProject('Attempts');
      const card = await addCard(p);
      for (const amount of [100, 200, 300]) {
        t.clock.advance(1_000);
        expect((await owner.call('POST', url('/transactions', p), topUp(amount))).statusCode).toBe(201);
      }
      const caller = await callerFor(t, owner.user.id);
      const seen: number[] = [];
      let token: string | null = null;
      do {
        const query: string = `/payment-methods/${card.id}/payment-attempts?pageSize=2${token ? `&pageToken=${token}` : ''}`;
        const page = (await caller.call('GET', url(query, p))).json() as {
          items: { amount: number }[];
          nextPageToken: string | null;
        };
        seen.push(...page.items.map((i) => i.amount));
        token = page.nextPageToken;
      } while (token);
      expect(seen).toEqual([300, 200, 100]);
      const rows = await t.database.db.select().from(transactions).where(eq(transactions.projectId, p));
      expect(rows.map((r) => r.type)).toEqual(['payment', 'payment', 'payment']);
    });
  });

  describe('account alerts', () => {
    it('asks for a card, then warns within 30 days of expiry, then says expired, by the app clock', async () => {
      const p = await billedProject('Alerts');
      const flagsAt = async (when?: string) => {
        if (when) t.clock.set(when);
        const caller = await callerFor(t, owner.user.id);
        return ((await caller.call('GET', url('/billing', p))).json().flags as { code: string }[]).map((f) => f.code);
      };
      expect(await flagsAt()).toEqual(['payment_method_required']);
      await addCard(p, { expMonth: 2, expYear: 2026 }); // good through 2026-02-28
      expect(await flagsAt()).toEqual([]);
      expect(await flagsAt('2026-02-10T00:00:00Z')).toEqual(['payment_method_expiring']);
      expect(await flagsAt('2026-03-01T00:00:00Z')).toEqual(['payment_method_expired']);
      // A fresh default clears it.
      const fresh = await (
        await callerFor(t, owner.user.id)
      ).call('POST', url('/payment-methods', p), sandboxCard({ isDefault: true }));
      expect(fresh.statusCode, fresh.body).toBe(201);
      expect(await flagsAt()).toEqual([]);
    });
  });

  describe('permissions', () => {
    it('refuses a Member every payment method call, and lets Finance manage', async () => {
      const p = await billedProject('Roles');
      const card = await addCard(p);
      const member = await memberWithRole(t, p, 'member@example.com', 'member');
      for (const path of [
        '/payment-methods',
        `/payment-methods/${card.id}`,
        `/payment-methods/${card.id}/payment-attempts`,
      ]) {
        expect((await member.call('GET', url(path, p))).statusCode, path).toBe(403);
      }
      expect((await member.call('GET', url('/payment-methods/sandbox/secret', p))).statusCode).toBe(403);
      expect((await member.call('POST', url('/payment-methods', p), sandboxCard())).statusCode).toBe(403);
      expect((await member.call('PATCH', url(`/payment-methods/${card.id}`, p), { isDefault: true })).statusCode).toBe(
        403,
      );
      expect((await member.call('DELETE', url(`/payment-methods/${card.id}`, p))).statusCode).toBe(403);
      expect((await member.call('POST', url('/transactions', p), topUp(100))).statusCode).toBe(403);

      const finance = await memberWithRole(t, p, 'finance@example.com', 'finance');
      const added = await addCard(p, {}, finance);
      expect(
        (await finance.call('PATCH', url(`/payment-methods/${added.id}`, p), { isDefault: true })).statusCode,
      ).toBe(200);
      expect((await finance.call('POST', url('/transactions', p), topUp(100))).statusCode).toBe(201);
      expect((await finance.call('DELETE', url(`/payment-methods/${card.id}`, p))).statusCode).toBe(204);
    });

    it("does not show one project's payment methods in another's", async () => {
      const a = await billedProject('Tenant A');
      const b = await billedProject('Tenant B');
      const card = await addCard(a);
      expect((await owner.call('GET', url(`/payment-methods/${card.id}`, b))).statusCode).toBe(404);
      expect((await owner.call('GET', url('/payment-methods', b))).json()).toEqual([]);
      expect(
        (await owner.call('POST', url('/transactions', b), topUp(100, { paymentMethodId: card.id }))).statusCode,
      ).toBe(404);
    });
  });
});
