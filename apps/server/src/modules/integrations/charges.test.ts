import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOfQueue } from '../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { company, creditWallet } from '../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { ledgerEntriesOf } from '../billing/testing.js';
import { MODULE_CHARGES_QUEUE, raiseModuleCharges } from './charges.js';
import { fakeModules } from '../../test/fake-modules.js';

describe('monthly charges of priced modules', () => {
  let t: TestApp;
  let owner: BearerUser;
  let billed: string;
  let unbilled: string;
  const chargesOf = async (project: string) =>
    (await ledgerEntriesOf(t.database.db, project, { sourceReferenceLike: 'module:%' })).map((e) => ({
      amount: e.amount,
      currency: e.currency,
      integration: e.integration,
      sourceReference: e.sourceReference,
    }));
  const install = (project: string, code: string) =>
    owner.call('POST', `/v1/projects/${project}/integrations/${code}`, {});

  beforeAll(async () => {
    // Started at the test clock's 2026-01-15 12:00: the first run waits for 1 February.
    t = await createStartedTestApp({ deps: { integrations: { registry: fakeModules } } });
    owner = await bearerUser(t, 'owner@example.com');
    billed = (await createProjectAs(owner, 'Billed')).id;
    unbilled = (await createProjectAs(owner, 'Unbilled')).id;
    expect((await owner.call('PATCH', `/v1/billing/billing?project=${billed}`, { company })).statusCode).toBe(200);
    // Money in the wallet (a platform administrator's credit: projects cannot credit themselves):
    // a charge the balance cannot take is refused (and the run retried).
    await creditWallet(t, billed, 50_000);
    for (const project of [billed, unbilled]) expect((await install(project, 'wooCommerce')).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('waits for the start of next month', async () => {
    const pending = (await jobsOfQueue(t.database.db, MODULE_CHARGES_QUEUE, { state: 'queued' })).map((j) => ({
      runAt: j.runAt,
      payload: j.payload,
    }));
    expect(pending).toEqual([{ runAt: new Date('2026-02-01T00:00:00Z'), payload: { month: '2026-02' } }]);
    expect(await chargesOf(billed)).toEqual([]);
  });

  it('charges each month once, in the account’s currency, and passes over projects without company details', async () => {
    t.clock.set('2026-02-01T00:00:01Z');
    await t.app.services.jobs.runDue();
    const february = { amount: -900, currency: 'EUR', integration: 'wooCommerce' };
    expect(await chargesOf(billed)).toEqual([{ ...february, sourceReference: 'module:wooCommerce:2026-02' }]);
    expect(await chargesOf(unbilled)).toEqual([]);

    // A second run of the month finds its charge and raises nothing.
    const again = await raiseModuleCharges(
      { db: t.database.db, clock: t.clock, registry: fakeModules, jobs: t.app.services.jobs },
      new Date('2026-02-01T00:00:00Z'),
    );
    expect(again).toEqual({ month: '2026-02', charged: 0, withoutCompany: [unbilled], failed: [] });

    t.clock.set('2026-03-01T00:00:01Z');
    await t.app.services.jobs.runDue();
    expect((await chargesOf(billed)).map((c) => c.sourceReference)).toEqual([
      'module:wooCommerce:2026-02',
      'module:wooCommerce:2026-03',
    ]);
  });

  it('charges nothing for an uninstalled module', async () => {
    // The clock moved past the token's life.
    await owner.refresh();
    expect((await owner.call('DELETE', `/v1/projects/${billed}/integrations/wooCommerce`)).statusCode).toBe(204);
    const april = await raiseModuleCharges(
      { db: t.database.db, clock: t.clock, registry: fakeModules, jobs: t.app.services.jobs },
      new Date('2026-04-01T00:00:00Z'),
    );
    expect(april.charged).toBe(0);
  });
});
