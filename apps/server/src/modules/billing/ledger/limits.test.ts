import { MONEY_MAX } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { billingUrl, charge, creditWallet, platformAdmin, sandboxCard } from '../../../test/billing.js';
import { billedProject } from '../../../test/billing-documents.js';
import { bearerUser, type BearerUser } from '../../../test/projects.js';

/**
 * Issue 17: a credit of 10¹² was accepted, after which the wallet and overview answered 500 on every
 * read (their schemas capped balances below what the ledger took). Every limit holds at the write:
 * the ledger refuses what would take a balance beyond MONEY_MAX, and a ledger written to the edge of
 * what it accepts reads back through every billing view.
 */
describe('billing limits: what the ledger accepts, every read can show', () => {
  let t: TestApp;
  let owner: BearerUser;
  let p: string;
  const url = (path: string) => billingUrl(path, p);
  const ok = async (method: string, path: string, body?: object) => {
    const res = await owner.call(method, url(path), body);
    expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res;
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'limits.owner@example.com');
    t.clock.set('2025-11-03T09:00:00Z');
    p = await billedProject(owner, 'Limits');
    expect((await owner.call('POST', url('/payment-methods'), sandboxCard())).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses a write that would take a balance beyond MONEY_MAX, and changes nothing', async () => {
    t.clock.set('2025-11-03T10:00:00Z');
    await creditWallet(t, p, MONEY_MAX);
    const admin = await platformAdmin(t);
    const beyond = await admin.call('PATCH', url('/admin'), { credit: { amount: 1, reason: 'One cent too many' } });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({
      code: 'BALANCE_LIMIT_EXCEEDED',
      message: 'This would take the wallet beyond the most it can hold (10,000,000,000.00 in its currency).',
    });
    // A card payment too, before the card is charged.
    const topUp = await owner.call('POST', url('/transactions'), {
      type: 'payment',
      amount: 1,
      currency: 'EUR',
      integration: 'wallet',
      sourceReference: 'one-more',
    });
    expect(topUp.statusCode).toBe(409);
    const [wallet] = (await ok('GET', '/wallets')).json();
    expect(wallet).toMatchObject({ balance: MONEY_MAX, held: 0, available: MONEY_MAX });
    // Beyond the request bound the contract refuses before the ledger is asked.
    expect((await owner.call('POST', url('/transactions'), charge(MONEY_MAX + 1))).statusCode).toBe(400);
  });

  it('reads every billing view with the largest values the ledger accepted', async () => {
    const admin = await platformAdmin(t);
    // The largest credit limit: what is available is then twice the largest balance.
    expect((await admin.call('PATCH', url('/admin'), { creditLimit: MONEY_MAX })).statusCode).toBe(200);
    const [full] = (await ok('GET', '/wallets')).json();
    expect(full).toMatchObject({ balance: MONEY_MAX, available: 2 * MONEY_MAX, creditLimit: MONEY_MAX });

    // Spend it all and the credit too: the period's charges are twice the largest amount.
    t.clock.set('2025-11-10T10:00:00Z');
    await owner.refresh();
    await ok('POST', '/transactions', charge(MONEY_MAX, { sourceReference: 'all-of-it' }));
    const pending = (await ok('POST', '/transactions', charge(MONEY_MAX, { confirm: false }))).json();
    const [holding] = (await ok('GET', '/wallets')).json();
    expect(holding).toMatchObject({ balance: 0, held: MONEY_MAX, available: 0 });
    await ok('POST', `/transactions/${pending.id}/confirm`);
    const [empty] = (await ok('GET', '/wallets')).json();
    expect(empty.balance).toBe(-MONEY_MAX);
    const pay = await owner.call('POST', url('/transactions'), {
      type: 'payment',
      amount: MONEY_MAX,
      currency: 'EUR',
      integration: 'wallet',
      sourceReference: 'pay-it-back',
    });
    expect(pay.statusCode, pay.body).toBe(201);

    // The month ends: its invoice bills more than the largest amount (the charges net of the credit),
    // with tax on top, booked past the credit limit as billing's own lines are.
    t.clock.set('2025-12-01T06:00:00Z');
    await owner.refresh();
    const run = await (
      await platformAdmin(t)
    ).call('POST', url('/admin/invoice-runs'), {
      periodEnd: '2025-12-01T00:00:00Z',
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().invoices).toBe(1);
    const summary = (
      await ok('POST', '/summaries', {
        periodStart: '2025-11-01T00:00:00Z',
        periodEnd: '2025-12-01T00:00:00Z',
      })
    ).json();
    expect(summary).toMatchObject({ charges: -2 * MONEY_MAX, payments: MONEY_MAX, credits: MONEY_MAX });

    const invoices = (await ok('GET', '/invoices')).json().items;
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0];
    expect(invoice.total).toBeGreaterThan(MONEY_MAX);
    if (invoice.status !== 'paid') await ok('POST', `/invoices/${invoice.id}/pay`, {});
    // Collected from the card in one payment (which may exceed what one request may ask for).
    const [attempt] = (await ok('GET', `/invoices/${invoice.id}/payment-attempts`)).json().items;
    expect(attempt).toMatchObject({ outcome: 'succeeded', amount: invoice.amountDue });
    const [transaction] = (await ok('GET', '/transactions')).json().items;
    const [method] = (await ok('GET', '/payment-methods')).json();
    const [wallet] = (await ok('GET', '/wallets')).json();

    for (const path of [
      '/billing',
      '/overview',
      '/plans',
      '/wallets',
      `/wallets/${wallet.id}`,
      '/transactions',
      `/transactions/${transaction.id}`,
      '/invoices',
      `/invoices/${invoice.id}`,
      `/invoices/${invoice.id}/payment-attempts`,
      `/invoices/${invoice.id}/download`,
      '/summaries',
      `/summaries/${summary.id}`,
      `/summaries/${summary.id}/download`,
      '/payment-methods',
      `/payment-methods/${method.id}`,
      `/payment-methods/${method.id}/payment-attempts`,
    ])
      await ok('GET', path);
    for (const path of [
      '/transactions/export',
      `/invoices/${invoice.id}/transactions/export`,
      `/summaries/${summary.id}/transactions/export`,
    ]) {
      const csv = (await ok('POST', path, {})).body;
      expect(csv, path).toContain('10000000000.00');
    }
    const all = await (await platformAdmin(t)).call('POST', url('/admin/transactions/export'), { projects: [p] });
    expect(all.statusCode, all.body).toBe(200);

    const overview = (await ok('GET', '/overview')).json();
    expect(overview.months.at(-2)).toMatchObject({ month: '2025-11', spend: MONEY_MAX, payments: MONEY_MAX });
  });
});
