import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { billingUrl, charge, credit, sandboxCard, topUp } from '../../test/billing.js';
import { adminBookAt, billedProject, bookAt, insertInvoice } from '../../test/billing-documents.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { makeAdmin } from '../accounts/testing.js';
import { setProjectPlan } from '../projects/read-models.js';

const START = '2026-01-15T12:00:00Z';

describe('billing overview', () => {
  let t: TestApp;
  let owner: BearerUser;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'overview.owner@example.com');
  });
  afterAll(() => t.close());

  const overviewOf = async (p: string) => {
    t.clock.set(START);
    const res = await owner.call('GET', billingUrl('/overview', p));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('adds up a known ledger in exact minor units, months with nothing as zeros', async () => {
    const p = await billedProject(owner, 'Overview'); // NL company: 21% VAT; the starter plan: €29.00 a month
    t.clock.set(START);
    expect((await owner.call('POST', billingUrl('/payment-methods', p), sandboxCard())).statusCode).toBe(201);

    await bookAt(t, owner, p, '2025-01-20T10:00:00Z', topUp(10_000)); // before the 12 months shown
    const march = await bookAt(t, owner, p, '2025-03-05T10:00:00Z', charge(1_234));
    await bookAt(t, owner, p, '2025-03-07T10:00:00Z', topUp(20_000));
    const december = await bookAt(t, owner, p, '2025-12-31T23:59:59Z', charge(700));
    await bookAt(t, owner, p, '2026-01-01T00:00:00Z', charge(1_000)); // the first instant of the period
    await bookAt(t, owner, p, '2026-01-10T09:00:00Z', charge(2_500, { integration: 'mail-campaigns' }));
    await adminBookAt(t, p, '2026-01-12T09:00:00Z', credit(300, { integration: 'gfn' }));
    await bookAt(t, owner, p, '2026-01-14T09:00:00Z', charge(400, { confirm: false })); // held, not spent
    // Billed already: not part of the next invoice.
    await insertInvoice(t.database.db, p, [march.id, december.id]);

    const overview = await overviewOf(p);
    const balance = 10_000 - 1_234 + 20_000 - 700 - 1_000 - 2_500 + 300;
    const subtotal = 1_000 + 2_500 - 300 + 2_900;
    expect(overview).toEqual({
      currency: 'EUR',
      balance,
      available: balance - 400,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      spendThisPeriod: 3_200,
      upcomingInvoiceEstimate: subtotal + Math.round(subtotal * 0.21),
      spendByIntegration: [
        { integration: 'mail-campaigns', amount: 2_500 },
        { integration: 'gfn', amount: 700 },
      ],
      months: [
        { month: '2025-02', spend: 0, payments: 0 },
        { month: '2025-03', spend: 1_234, payments: 20_000 },
        ...['04', '05', '06', '07', '08', '09', '10', '11'].map((m) => ({ month: `2025-${m}`, spend: 0, payments: 0 })),
        { month: '2025-12', spend: 700, payments: 0 },
        { month: '2026-01', spend: 3_200, payments: 0 },
      ],
    });
    // The wallet agrees on balance and available.
    const [wallet] = (await owner.call('GET', billingUrl('/wallets', p))).json();
    expect({ balance: wallet.balance, available: wallet.available }).toEqual({
      balance: overview.balance,
      available: overview.available,
    });
  });

  it('counts the credit limit in what is available', async () => {
    const admin = await bearerUser(t, 'overview.admin@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    const p = await billedProject(owner, 'Overview credit');
    expect((await admin.call('PATCH', billingUrl('/admin', p), { creditLimit: 5_000 })).statusCode).toBe(200);
    await bookAt(t, owner, p, '2026-01-02T00:00:00Z', charge(1_500));
    const overview = await overviewOf(p);
    expect({ balance: overview.balance, available: overview.available }).toEqual({ balance: -1_500, available: 3_500 });
  });

  it('shows zeros and the plan fee with tax for a project that has booked nothing', async () => {
    const p = await billedProject(owner, 'Overview empty', {
      legalName: 'Quiet Ltd',
      address: { line1: '1 Lane', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
      billingEmail: 'billing@quiet.example',
    });
    const overview = await overviewOf(p);
    expect(overview).toMatchObject({
      balance: 0,
      available: 0,
      spendThisPeriod: 0,
      upcomingInvoiceEstimate: 2_900 + 580, // GB 20%
      spendByIntegration: [],
    });
    expect(overview.months).toHaveLength(12);
    expect(overview.months.every((m: { spend: number; payments: number }) => m.spend === 0 && m.payments === 0)).toBe(
      true,
    );
  });

  it('estimates nothing for a demo project without a company (no fee, no tax country)', async () => {
    const p = (await createProjectAs(owner, 'Overview demo')).id;
    await setProjectPlan(t.database.db, p, 'demo', t.clock.now());
    const overview = await overviewOf(p);
    expect(overview.upcomingInvoiceEstimate).toBe(0);
    expect(overview.months.at(-1)).toEqual({ month: '2026-01', spend: 0, payments: 0 });
  });

  it('is refused to someone outside the project', async () => {
    const p = await billedProject(owner, 'Overview private');
    const stranger = await bearerUser(t, 'overview.stranger@example.com');
    expect((await stranger.call('GET', billingUrl('/overview', p))).statusCode).toBe(403);
  });
});
