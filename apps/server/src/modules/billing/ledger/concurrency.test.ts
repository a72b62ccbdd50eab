import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../../accounts/testing.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { billingUrl, callerFor, charge, company, creditWallet } from '../../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';

/**
 * Concurrent charges never overspend. On PostgreSQL (DATABASE_URL set) the requests really run
 * side by side on several connections; the wallet's row lock is what keeps them honest.
 */
describe('concurrent charges', () => {
  let t: TestApp;
  let owner: BearerUser;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  async function fundedProject(name: string, balance: number, creditLimit: number) {
    const project = (await createProjectAs(owner, name)).id;
    const url = (path: string) => billingUrl(path, project);
    expect((await owner.call('PATCH', url('/billing'), { company })).statusCode).toBe(200);
    if (creditLimit > 0) {
      const admin = await bearerUser(t, `admin.${name}@example.com`);
      await makeAdmin(t.database.db, { id: admin.user.id });
      const res = await (await callerFor(t, admin.user.id)).call('PATCH', url('/admin'), { creditLimit });
      expect(res.statusCode).toBe(200);
    }
    await creditWallet(t, project, balance);
    return { project, url };
  }

  async function ledgerOf(project: string) {
    const result = await t.database.db.execute(sql`
      select w.balance, w.held,
        (select coalesce(sum(amount), 0) from billing_transactions x where x.wallet_id = w.id and x.status = 'confirmed') as confirmed,
        (select count(*) from billing_transactions x where x.wallet_id = w.id and x.type = 'charge') as charges
      from billing_wallets w where w.project_id = ${project}`);
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return {
      balance: Number(row!.balance),
      held: Number(row!.held),
      confirmed: Number(row!.confirmed),
      charges: Number(row!.charges),
    };
  }

  it.each([
    ['confirmed charges, paid from the balance', { confirm: true }, 1_000, 0],
    ['pending charges, half on credit', { confirm: false }, 500, 500],
  ])(
    'of 50 %s against a wallet that can afford exactly 10, exactly 10 succeed',
    async (name, extra, balance, limit) => {
      const { project, url } = await fundedProject(name.replace(/\W+/g, '-'), balance, limit);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          owner.call('POST', url('/transactions'), charge(100, { ...extra, sourceReference: `order-${i}` })),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(40);
      const ledger = await ledgerOf(project);
      expect(ledger.charges).toBe(10);
      expect(ledger.balance).toBe(ledger.confirmed);
      expect(ledger.balance - ledger.held + limit).toBe(0);
    },
  );
});
