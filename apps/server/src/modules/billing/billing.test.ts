import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { findUser, makeAdmin } from '../accounts/testing.js';
import { transactions } from './schema.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import {
  billingUrl,
  callerFor,
  charge,
  company,
  credit,
  creditWallet,
  memberWithRole,
  sandboxCard,
  type Caller,
} from '../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('billing', () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  const url = (path: string, p = project) => billingUrl(path, p);

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
  });
  afterAll(() => t.close());

  async function setUpCompany(p = project, who: Caller = owner) {
    const res = await who.call('PATCH', url('/billing', p), { company });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function newProject(name: string) {
    return (await createProjectAs(owner, name)).id;
  }

  describe('the billing project', () => {
    it('has defaults before anything is set: no company, the default currency, the plan, no credit', async () => {
      const res = await owner.call('GET', url('/billing'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        projectId: project,
        company: null,
        currency: 'EUR',
        plan: { code: 'starter', name: 'Starter' },
        creditLimit: 0,
        autoPay: false,
        flags: [],
        paymentVendor: 'sandbox',
      });
    });

    it('refuses billing writes until the company details are set, with SPEC.md words', async () => {
      const p = await newProject('No company');
      const res = await owner.call('POST', url('/transactions', p), charge(100));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'COMPANY_NOT_FOUND', message: 'Company setup required.' });
      await setUpCompany(p);
      await creditWallet(t, p, 100);
      expect((await owner.call('POST', url('/transactions', p), charge(100))).statusCode).toBe(201);
    });

    it('saves company details and auto-pay, and writes an audit entry', async () => {
      const p = await newProject('Settings');
      const billing = await setUpCompany(p);
      expect(billing.company).toEqual({ ...company, address: { ...company.address } });
      const res = await owner.call('PATCH', url('/billing', p), { autoPay: true });
      expect(res.json()).toMatchObject({ autoPay: true, company: { legalName: company.legalName } });
      const entries = await auditEntries(t.database.db, { operationId: 'updateBillingProject', projectId: p });
      expect(entries.map((e) => e.details)).toEqual([{ fields: ['company'] }, { fields: ['autoPay'] }]);
    });

    it('rejects invalid company details with field errors', async () => {
      const res = await owner.call('PATCH', url('/billing'), {
        company: { ...company, billingEmail: 'nope', address: { ...company.address, country: 'Netherlands' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(
        expect.arrayContaining(['body.company.billingEmail', 'body.company.address.country']),
      );
    });

    it('changes the currency only while there are no transactions', async () => {
      const p = await newProject('Currency');
      await setUpCompany(p);
      const changed = await owner.call('PATCH', url('/billing', p), { currency: 'USD' });
      expect(changed.json().currency).toBe('USD');
      await creditWallet(t, p, 100, { currency: 'USD' });
      const refused = await owner.call('PATCH', url('/billing', p), { currency: 'GBP' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('CURRENCY_LOCKED');
      // Naming the same currency again is no change.
      expect((await owner.call('PATCH', url('/billing', p), { currency: 'USD' })).statusCode).toBe(200);
    });
  });

  describe('plans', () => {
    it('lists demo and at least three paid plans with prices in minor units and features', async () => {
      const plans = (await owner.call('GET', url('/plans'))).json() as {
        code: string;
        demo: boolean;
        prices: { currency: string; monthlyAmount: number }[];
        features: string[];
      }[];
      expect(plans.find((p) => p.code === 'demo')).toMatchObject({ demo: true });
      const paid = plans.filter((p) => !p.demo);
      expect(paid.length).toBeGreaterThanOrEqual(3);
      for (const plan of paid) {
        expect(plan.features.length).toBeGreaterThan(0);
        for (const price of plan.prices)
          expect(Number.isInteger(price.monthlyAmount) && price.monthlyAmount > 0).toBe(true);
      }
    });
  });

  describe('transactions and wallets', () => {
    let p: string;
    beforeAll(async () => {
      p = await newProject('Ledger');
      await setUpCompany(p);
    });

    it('books a credit into a wallet made for its currency, and a charge out of it', async () => {
      const top = await creditWallet(t, p, 5_000);
      expect((await owner.call('GET', url(`/transactions/${top.id}`, p))).json()).toMatchObject({
        type: 'credit',
        status: 'confirmed',
        amount: 5_000,
        currency: 'EUR',
      });
      const spent = await owner.call('POST', url('/transactions', p), charge(1_250, { description: 'Order 7' }));
      expect(spent.json()).toMatchObject({ type: 'charge', amount: -1_250, description: 'Order 7' });
      const wallets = (await owner.call('GET', url('/wallets', p))).json();
      expect(wallets).toEqual([
        expect.objectContaining({ currency: 'EUR', balance: 3_750, held: 0, available: 3_750, creditLimit: 0 }),
      ]);
      const one = await owner.call('GET', url(`/wallets/${wallets[0].id}`, p));
      expect(one.json()).toEqual(wallets[0]);
    });

    it('refuses a charge beyond the balance with SPEC.md words, and changes nothing', async () => {
      const before = (await owner.call('GET', url('/wallets', p))).json();
      const res = await owner.call('POST', url('/transactions', p), charge(1_000_000));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        code: 'INSUFFICIENT_BALANCE',
        message: 'Balance is insufficient to complete this charge.',
      });
      expect((await owner.call('GET', url('/wallets', p))).json()).toEqual(before);
    });

    it('holds a pending charge until it is confirmed, then counts it', async () => {
      const [wallet] = (await owner.call('GET', url('/wallets', p))).json();
      const pending = (await owner.call('POST', url('/transactions', p), charge(750, { confirm: false }))).json();
      expect(pending.status).toBe('pending');
      const held = (await owner.call('GET', url(`/wallets/${wallet.id}`, p))).json();
      expect(held).toMatchObject({ balance: wallet.balance, held: 750, available: wallet.balance - 750 });

      const confirmed = await owner.call('POST', url(`/transactions/${pending.id}/confirm`, p));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String) });
      const after = (await owner.call('GET', url(`/wallets/${wallet.id}`, p))).json();
      expect(after).toMatchObject({ balance: wallet.balance - 750, held: 0 });

      const again = await owner.call('POST', url(`/transactions/${pending.id}/confirm`, p));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('TRANSACTION_NOT_PENDING');
    });

    it('keeps wallets per currency', async () => {
      await creditWallet(t, p, 900, { currency: 'USD' });
      const wallets = (await owner.call('GET', url('/wallets', p))).json() as { currency: string; balance: number }[];
      expect(wallets.map((w) => [w.currency, w.balance])).toEqual([
        ['EUR', 3_000],
        ['USD', 900],
      ]);
    });

    it('takes signed adjustments and refuses zero or negative charges', async () => {
      const down = await owner.call('POST', url('/transactions', p), {
        ...credit(1),
        type: 'adjustment',
        amount: -100,
      });
      expect(down.json()).toMatchObject({ type: 'adjustment', amount: -100 });
      expect((await owner.call('POST', url('/transactions', p), charge(-5))).statusCode).toBe(400);
      expect((await owner.call('POST', url('/transactions', p), charge(0))).statusCode).toBe(400);
      expect((await owner.call('POST', url('/transactions', p), charge(1.5))).statusCode).toBe(400);
    });

    it('sets auto top-up on a wallet and clears it', async () => {
      const [wallet] = (await owner.call('GET', url('/wallets', p))).json();
      const set = await owner.call('PATCH', url(`/wallets/${wallet.id}`, p), {
        autoTopUp: { threshold: 500, amount: 2_000 },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().autoTopUp).toEqual({ threshold: 500, amount: 2_000 });
      const cleared = await owner.call('PATCH', url(`/wallets/${wallet.id}`, p), { autoTopUp: null });
      expect(cleared.json().autoTopUp).toBeNull();
      expect((await owner.call('PATCH', url(`/wallets/${UNKNOWN}`, p), { autoTopUp: null })).statusCode).toBe(404);
    });

    it('answers 404 for unknown transactions and wallets', async () => {
      expect((await owner.call('GET', url(`/transactions/${UNKNOWN}`, p))).statusCode).toBe(404);
      expect((await owner.call('POST', url(`/transactions/${UNKNOWN}/confirm`, p))).statusCode).toBe(404);
      expect((await owner.call('GET', url(`/wallets/${UNKNOWN}`, p))).statusCode).toBe(404);
    });

    it("does not show one project's transactions in another's", async () => {
      const [tx] = (await owner.call('GET', url('/transactions', p))).json().items;
      expect((await owner.call('GET', url(`/transactions/${tx.id}`))).statusCode).toBe(404);
      expect((await owner.call('GET', url('/transactions'))).json().items).not.toContainEqual(
        expect.objectContaining({ id: tx.id }),
      );
    });
  });

  describe('listing transactions', () => {
    let p: string;
    beforeAll(async () => {
      p = await newProject('Paging');
      await setUpCompany(p);
      await creditWallet(t, p, 1_000);
      for (let i = 1; i <= 25; i++) {
        t.clock.advance(1_000);
        const body = charge(i, { integration: i % 2 ? 'gfn' : 'mail', sourceReference: `ref-${i}` });
        expect((await owner.call('POST', url('/transactions', p), body)).statusCode).toBe(201);
      }
    });

    it('pages newest first by keyset, without gaps or repeats', async () => {
      const seen: number[] = [];
      let token: string | null = null;
      do {
        const query: string = `/transactions?pageSize=10${token ? `&pageToken=${token}` : ''}`;
        const page = (await owner.call('GET', url(query, p))).json() as {
          items: { amount: number }[];
          nextPageToken: string | null;
        };
        seen.push(...page.items.map((i) => i.amount));
        token = page.nextPageToken;
      } while (token);
      expect(seen).toEqual([...Array.from({ length: 25 }, (_, i) => i - 25), 1_000]);
    });

    it('filters by integration and search', async () => {
      const mail = (await owner.call('GET', url('/transactions?integration=mail&pageSize=100', p))).json();
      expect(mail.items).toHaveLength(12);
      const found = (await owner.call('GET', url('/transactions?search=ref-2', p))).json();
      expect(found.items.map((i: { sourceReference: string }) => i.sourceReference).sort()).toEqual(
        ['ref-2', 'ref-20', 'ref-21', 'ref-22', 'ref-23', 'ref-24', 'ref-25'].sort(),
      );
      const none = (await owner.call('GET', url(`/transactions?invoice=${UNKNOWN}`, p))).json();
      expect(none.items).toEqual([]);
    });

    it('refuses a forged page token', async () => {
      const forged = Buffer.from(JSON.stringify({ at: '2026-01-01T00:00:00Z', id: 'x' })).toString('base64url');
      const res = await owner.call('GET', url(`/transactions?pageToken=${forged}`, p));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PAGE_TOKEN');
    });
  });

  describe('credit limit and account alerts', () => {
    let p: string;
    let admin: Caller;
    beforeAll(async () => {
      p = await newProject('Credit');
      await setUpCompany(p);
      // A card on file, so that only the credit alerts are in play here.
      const card = await owner.call('POST', url('/payment-methods', p), sandboxCard());
      expect(card.statusCode, card.body).toBe(201);
      const adminUser = await bearerUser(t, 'platform.admin@example.com');
      await makeAdmin(t.database.db, { id: adminUser.user.id });
      admin = await callerFor(t, adminUser.user.id);
    });

    it('lets only platform admins set the credit limit, audited', async () => {
      const refused = await owner.call('PATCH', url('/admin', p), { creditLimit: 10_000 });
      expect(refused.statusCode).toBe(403);
      const res = await admin.call('PATCH', url('/admin', p), { creditLimit: 10_000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().creditLimit).toBe(10_000);
      const [entry] = await auditEntries(t.database.db, {
        operationId: 'updateAdminBillingProject',
        result: 'success',
        projectId: p,
      });
      expect(entry?.details).toEqual({ creditLimit: { from: 0, to: 10_000 } });
      expect((await admin.call('PATCH', url('/admin', UNKNOWN), { creditLimit: 1 })).statusCode).toBe(404);
    });

    it('lets charges go below zero down to minus the credit limit, and no further', async () => {
      expect((await owner.call('POST', url('/transactions', p), charge(7_000))).statusCode).toBe(201);
      expect((await owner.call('GET', url('/billing', p))).json().flags).toEqual([]);
      expect((await owner.call('POST', url('/transactions', p), charge(3_001))).statusCode).toBe(402);
    });

    it('warns from 80% of the credit used', async () => {
      await owner.call('POST', url('/transactions', p), charge(1_000, { confirm: false }));
      const flags = (await owner.call('GET', url('/billing', p))).json().flags;
      expect(flags).toEqual([
        { code: 'credit_limit_warning', message: 'Near credit limit.', level: 'warning', actions: [] },
      ]);
    });

    it('says exceeded when the limit is lowered below what is used', async () => {
      await admin.call('PATCH', url('/admin', p), { creditLimit: 5_000 });
      const flags = (await owner.call('GET', url('/billing', p))).json().flags;
      expect(flags).toEqual([
        { code: 'credit_limit_exceeded', message: 'Credit limit exceeded.', level: 'danger', actions: [] },
      ]);
      const [wallet] = (await owner.call('GET', url('/wallets', p))).json();
      expect(wallet).toMatchObject({ balance: -7_000, held: 1_000, creditLimit: 5_000, available: -3_000 });
    });
  });

  describe('who may put money into a wallet', () => {
    let p: string;
    beforeAll(async () => {
      p = await newProject('No free money');
      await setUpCompany(p);
    });
    const walletsOf = async () => (await owner.call('GET', url('/wallets', p))).json();
    const transactionsOf = async () => (await owner.call('GET', url('/transactions', p))).json().items;

    it('refuses a project a credit or a positive adjustment of its own, pending or confirmed', async () => {
      for (const body of [
        credit(1_000_000, { confirm: true }),
        credit(5, { confirm: false }),
        { ...charge(1), type: 'adjustment', amount: 500_000 },
        { ...charge(1), type: 'adjustment', amount: 1, confirm: false },
      ]) {
        const res = await owner.call('POST', url('/transactions', p), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
        expect(res.json()).toEqual({
          code: 'TRANSACTION_NOT_ALLOWED',
          message:
            "A project cannot add money to its own wallet. Top it up with a payment, or ask the platform's administrators for a credit.",
        });
      }
      expect(await walletsOf()).toEqual([]);
      expect(await transactionsOf()).toEqual([]);
      // The refusals are on record.
      const refusals = await auditEntries(t.database.db, { operationId: 'createTransaction', projectId: p });
      expect(refusals.map((r) => [r.result, r.status])).toEqual(Array(4).fill(['failure', 403]));
    });

    it('lets a platform administrator credit the wallet, with a reason on the entry and in the audit log', async () => {
      const admin = await bearerUser(t, 'value.admin@example.com');
      await makeAdmin(t.database.db, { id: admin.user.id });
      const noReason = await admin.call('PATCH', url('/admin', p), { credit: { amount: 2_500 } });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors).toEqual([
        expect.objectContaining({ path: 'body.credit.reason', message: 'Give the reason for the credit.' }),
      ]);
      // A project member is refused the admin call whatever its body.
      const reason = 'Goodwill for the outage of 3 January';
      expect((await owner.call('PATCH', url('/admin', p), { credit: { amount: 2_500, reason } })).statusCode).toBe(403);

      const res = await admin.call('PATCH', url('/admin', p), { credit: { amount: 2_500, reason } });
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await transactionsOf();
      expect(entry).toMatchObject({
        type: 'credit',
        status: 'confirmed',
        amount: 2_500,
        currency: 'EUR',
        integration: 'admin',
        description: reason,
      });
      expect((await walletsOf())[0]).toMatchObject({ balance: 2_500 });
      const [audit] = await auditEntries(t.database.db, {
        operationId: 'updateAdminBillingProject',
        projectId: p,
        result: 'success',
      });
      expect(audit).toMatchObject({
        actorUserId: admin.user.id,
        details: { credit: { transactionId: entry.id, amount: 2_500, currency: 'EUR', reason } },
      });
      // The project may spend it, and correct downwards.
      expect((await owner.call('POST', url('/transactions', p), charge(500))).statusCode).toBe(201);
      const down = await owner.call('POST', url('/transactions', p), { ...charge(1), type: 'adjustment', amount: -1 });
      expect(down.statusCode, down.body).toBe(201);
    });

    it('refuses a project the confirmation of a pending credit booked before the rule', async () => {
      // As an entry written before the ledger knew who was acting would be.
      const [wallet] = await walletsOf();
      const [planted] = await t.database.db
        .insert(transactions)
        .values({
          projectId: p,
          walletId: wallet.id,
          type: 'credit',
          status: 'pending',
          amount: 1_000_000,
          currency: 'EUR',
          integration: 'gfn',
          sourceReference: 'old-credit',
          createdAt: t.clock.now(),
        })
        .returning();
      const res = await owner.call('POST', url(`/transactions/${planted!.id}/confirm`, p));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TRANSACTION_NOT_ALLOWED');
      expect((await walletsOf())[0].balance).toBe(wallet.balance);
    });
  });

  describe('permissions', () => {
    let p: string;
    beforeAll(async () => {
      p = await newProject('Roles');
      await setUpCompany(p);
    });

    it('refuses a Member (no billing.read) every billing call', async () => {
      const member = await memberWithRole(t, p, 'member@example.com', 'member');
      for (const path of ['/billing', '/plans', '/wallets', '/transactions']) {
        const res = await member.call('GET', url(path, p));
        expect(res.statusCode, path).toBe(403);
      }
      expect((await member.call('POST', url('/transactions', p), credit(1))).statusCode).toBe(403);
    });

    it('lets Finance read and manage', async () => {
      const finance = await memberWithRole(t, p, 'finance@example.com', 'finance');
      expect((await finance.call('GET', url('/billing', p))).statusCode).toBe(200);
      await creditWallet(t, p, 1);
      expect((await finance.call('POST', url('/transactions', p), charge(1))).statusCode).toBe(201);
    });

    it('lets billing.read without billing.manage read but not write', async () => {
      const role = await owner.call('POST', `/v1/enforcer/roles?project=${p}`, {
        name: 'Billing readers',
        permissions: ['projects.read', 'billing.read'],
      });
      expect(role.statusCode, role.body).toBe(201);
      const reader = await memberWithRole(t, p, 'reader@example.com', 'viewer');
      expect((await reader.call('GET', url('/billing', p))).statusCode).toBe(403);
      const userId = (await findUser(t.database.db, { email: 'reader@example.com' }))!.id;
      const assigned = await owner.call('PUT', `/v1/enforcer/roles/${role.json().id}/users/${userId}?project=${p}`);
      expect(assigned.statusCode, assigned.body).toBeLessThan(300);
      expect((await reader.call('GET', url('/billing', p))).statusCode).toBe(200);
      expect((await reader.call('GET', url('/transactions', p))).statusCode).toBe(200);
      expect((await reader.call('PATCH', url('/billing', p), { autoPay: true })).statusCode).toBe(403);
      expect((await reader.call('POST', url('/transactions', p), charge(1))).statusCode).toBe(403);
    });
  });
});
