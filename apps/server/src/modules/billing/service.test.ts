import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOfQueue } from '../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { billingUrl, company, sandboxCard, topUp } from '../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { AUTO_TOP_UP_QUEUE } from './payments/auto-top-up.js';
import { transactions, wallets } from './schema.js';
import { raiseEntry } from './service.js';

/** What a module's own write looks like: its change and its charge in one transaction. */
class ModuleFailure extends Error {}

describe('the billing service other modules call', () => {
  let t: TestApp;
  let owner: BearerUser;
  let p: string;
  const deps = () => ({ clock: t.clock, jobs: t.app.services.jobs });
  const entries = () => t.database.db.select().from(transactions).where(eq(transactions.projectId, p));
  const balance = async () =>
    (await t.database.db.select().from(wallets).where(eq(wallets.projectId, p)))[0]?.balance ?? 0;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    p = (await createProjectAs(owner, 'Module shop')).id;
    expect((await owner.call('PATCH', billingUrl('/billing', p), { company })).statusCode).toBe(200);
    expect((await owner.call('POST', billingUrl('/payment-methods', p), sandboxCard())).statusCode).toBe(201);
    expect((await owner.call('POST', billingUrl('/transactions', p), topUp(5_000))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('books a module’s charge in the module’s own transaction, with its integration and source reference', async () => {
    const before = await entries();
    const { transaction } = await t.database.db.transaction((tx) =>
      raiseEntry(tx, deps(), p, {
        type: 'charge',
        amount: 1_200,
        currency: 'EUR',
        integration: 'shipstation',
        sourceReference: 'label:9001',
        description: 'Shipping label',
        confirm: true,
      }),
    );
    expect(transaction).toMatchObject({ amount: -1_200, integration: 'shipstation', sourceReference: 'label:9001' });
    expect(await entries()).toHaveLength(before.length + 1);
    expect(await balance()).toBe(3_800);
  });

  it('leaves nothing behind when the module’s own change fails after the charge', async () => {
    const before = await entries();
    await expect(
      t.database.db.transaction(async (tx) => {
        await raiseEntry(tx, deps(), p, {
          type: 'charge',
          amount: 700,
          currency: 'EUR',
          integration: 'shipstation',
          sourceReference: 'label:9002',
          confirm: true,
        });
        throw new ModuleFailure('the carrier refused the label');
      }),
    ).rejects.toBeInstanceOf(ModuleFailure);
    expect(await entries()).toHaveLength(before.length);
    expect(await balance()).toBe(3_800);
  });

  it('queues the wallet’s auto top-up when a module’s charge takes it below the threshold', async () => {
    const [wallet] = await t.database.db.select().from(wallets).where(eq(wallets.projectId, p));
    const set = await owner.call('PATCH', billingUrl(`/wallets/${wallet!.id}`, p), {
      autoTopUp: { threshold: 1_000, amount: 5_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const { autoTopUpJob } = await t.database.db.transaction((tx) =>
      raiseEntry(tx, deps(), p, {
        type: 'charge',
        amount: 3_000,
        currency: 'EUR',
        integration: 'shipstation',
        sourceReference: 'label:9003',
        confirm: true,
      }),
    );
    expect(autoTopUpJob).not.toBeNull();
    const queued = await jobsOfQueue(t.database.db, AUTO_TOP_UP_QUEUE, { id: autoTopUpJob! });
    expect(queued).toHaveLength(1);
  });
});
