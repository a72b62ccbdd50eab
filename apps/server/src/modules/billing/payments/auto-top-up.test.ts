import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOfQueue } from '../../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { billingUrl, charge, company, creditWallet, sandboxCard } from '../../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { AUTO_TOP_UP_COOL_DOWN_MS, AUTO_TOP_UP_QUEUE, type AutoTopUpJob } from './auto-top-up.js';
import type { ChargeInput, PaymentGateway } from '../gateway/gateway.js';
import { SANDBOX_CARDS, SandboxGateway } from '../gateway/sandbox.js';
import { paymentAttempts, transactions, wallets } from '../schema.js';

const THRESHOLD = 2_000;
const AMOUNT = 5_000;

describe('wallet auto top-up', () => {
  let t: TestApp;
  let owner: BearerUser;
  let sandbox: SandboxGateway;
  /** Set to make the next charge go through at the sandbox but its answer be lost on the way back. */
  let loseNextAnswer = false;

  beforeAll(async () => {
    // The sandbox with a network between us: a lost answer is a gateway we could not hear from.
    // The app (handlers and jobs alike) gets it; the sandbox inside needs the app's clock, made below.
    const gateway: PaymentGateway = {
      vendor: 'sandbox',
      createSetup: (input) => sandbox.createSetup(input),
      addCard: (card) => sandbox.addCard(card),
      charge: async (input: ChargeInput) => {
        const result = await sandbox.charge(input);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error('socket hang up');
        }
        return result;
      },
    };
    t = await createStartedTestApp({ deps: { paymentGateway: gateway } });
    sandbox = new SandboxGateway(t.clock);
    owner = await bearerUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  const url = billingUrl;
  /** Moves the clock on; the bearer token (5 minutes) is fetched anew as the console would. */
  async function later(ms: number) {
    t.clock.advance(ms);
    await owner.refresh();
  }
  /** A billed project with a card, a confirmed balance and auto top-up at THRESHOLD/AMOUNT. */
  async function walletWithAutoTopUp(name: string, balance: number, cardNumber: string = SANDBOX_CARDS.succeeds) {
    const p = (await createProjectAs(owner, name)).id;
    expect((await owner.call('PATCH', url('/billing', p), { company })).statusCode).toBe(200);
    const card = await owner.call('POST', url('/payment-methods', p), sandboxCard({ number: cardNumber }));
    expect(card.statusCode, card.body).toBe(201);
    await creditWallet(t, p, balance);
    const [wallet] = (await owner.call('GET', url('/wallets', p))).json() as { id: string }[];
    const set = await owner.call('PATCH', url(`/wallets/${wallet!.id}`, p), {
      autoTopUp: { threshold: THRESHOLD, amount: AMOUNT },
    });
    expect(set.statusCode, set.body).toBe(200);
    return { p, walletId: wallet!.id, cardId: card.json().id as string };
  }
  async function chargeOf(p: string, amount: number) {
    return owner.call('POST', url('/transactions', p), charge(amount));
  }
  /**
   * Runs every due job (other modules' queues share the table, so counts are not ours to assert)
   * and answers how many of this wallet's auto top-ups ran.
   */
  async function runDue(walletId: string) {
    const finished = async () => (await jobsOf(walletId)).reduce((n, job) => n + job.attempts, 0);
    const before = await finished();
    await t.app.services.jobs.runDue();
    return (await finished()) - before;
  }
  const jobsOf = (walletId: string) =>
    jobsOfQueue(t.database.db, AUTO_TOP_UP_QUEUE, { payload: { field: 'walletId', value: walletId } });
  const balanceOf = async (walletId: string) =>
    (await t.database.db.select().from(wallets).where(eq(wallets.id, walletId)))[0]!.balance;
  const paymentsOf = (walletId: string) =>
    t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.walletId, walletId), eq(transactions.type, 'payment')));
  const attemptsOf = (cardId: string) =>
    t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentMethodId, cardId));

  it('tops the wallet up from the default card after a charge takes it below the threshold', async () => {
    const { p, walletId, cardId } = await walletWithAutoTopUp('Crossing', 10_000);
    const before = sandbox.chargeCount;

    const res = await chargeOf(p, 9_000);
    expect(res.statusCode, res.body).toBe(201);
    const trigger = res.json().id as string;
    // Nothing is charged while the request runs: the top-up waits for the queue.
    expect(await balanceOf(walletId)).toBe(1_000);
    expect(await jobsOf(walletId)).toMatchObject([
      { state: 'queued', payload: { projectId: p, walletId, currency: 'EUR', triggerTransactionId: trigger } },
    ]);

    expect(await runDue(walletId)).toBe(1);

    expect(sandbox.chargeCount - before).toBe(1);
    expect(await balanceOf(walletId)).toBe(1_000 + AMOUNT);
    const [payment, ...others] = await paymentsOf(walletId);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({
      amount: AMOUNT,
      status: 'confirmed',
      integration: 'billing',
      sourceReference: `auto-top-up:${trigger}`,
    });
    expect(await attemptsOf(cardId)).toMatchObject([
      { outcome: 'succeeded', amount: AMOUNT, transactionId: payment!.id },
    ]);
    expect(await jobsOf(walletId)).toMatchObject([{ state: 'done' }]);
  });

  it('does nothing for a charge that leaves the wallet at or above the threshold', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Not crossing', 10_000);
    expect((await chargeOf(p, 10_000 - THRESHOLD)).statusCode).toBe(201);
    expect(await jobsOf(walletId)).toHaveLength(0);
    expect(await runDue(walletId)).toBe(0);
    expect(await balanceOf(walletId)).toBe(THRESHOLD);
  });

  it('counts what pending charges hold: a pending charge can trigger it too', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Held', 10_000);
    expect((await chargeOf(p, 9_000)).statusCode).toBe(201);
    const pending = await owner.call('POST', url('/transactions', p), charge(500, { confirm: false }));
    expect(pending.statusCode).toBe(201);
    // One job per wallet at a time: the second charge below the threshold adds none.
    expect(await jobsOf(walletId)).toHaveLength(1);
    expect(await runDue(walletId)).toBe(1);
    expect(await paymentsOf(walletId)).toHaveLength(1);
  });

  it('is triggered by a debit adjustment as by a charge, never by a credit', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Adjusted', 1_000);
    // Already below the threshold: money coming in does not start a top-up.
    await creditWallet(t, p, 100);
    expect(await jobsOf(walletId)).toHaveLength(0);
    const adjustment = charge(-50, { type: 'adjustment', integration: 'wallet', sourceReference: 'correction-1' });
    expect((await owner.call('POST', url('/transactions', p), adjustment)).statusCode).toBe(201);
    expect(await jobsOf(walletId)).toHaveLength(1);
    expect(await runDue(walletId)).toBe(1);
    expect(await balanceOf(walletId)).toBe(1_050 + AMOUNT);
  });

  it('charges once when the same top-up runs twice', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Twice', 10_000);
    const trigger = (await chargeOf(p, 9_000)).json().id as string;
    const [job] = await jobsOf(walletId);
    // The queue delivering the same work twice (a lapsed lock, a second worker).
    await t.database.db.transaction((tx) => t.app.services.jobs.enqueue(tx, AUTO_TOP_UP_QUEUE, job!.payload));
    const before = sandbox.chargeCount;

    expect(await runDue(walletId)).toBe(2);

    expect(sandbox.chargeCount - before).toBe(1);
    expect(await paymentsOf(walletId)).toMatchObject([{ amount: AMOUNT, sourceReference: `auto-top-up:${trigger}` }]);
    expect(await balanceOf(walletId)).toBe(1_000 + AMOUNT);
  });

  it('retries an unreachable gateway with the same key, so money taken before the failure is not taken again', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Lost answer', 10_000);
    await chargeOf(p, 9_000);
    const before = sandbox.chargeCount;
    loseNextAnswer = true;

    expect(await runDue(walletId)).toBe(1);
    // The gateway took the money, we never heard: nothing booked, the job waits to try again.
    expect(sandbox.chargeCount - before).toBe(1);
    expect(await paymentsOf(walletId)).toHaveLength(0);
    expect(await jobsOf(walletId)).toMatchObject([
      { state: 'queued', attempts: 1, lastError: expect.stringContaining('could not be reached') },
    ]);

    await later(60_000);
    expect(await runDue(walletId)).toBe(1);
    // The retry's key is the first's: the gateway answers from memory and charges nothing more.
    expect(sandbox.chargeCount - before).toBe(1);
    expect(await paymentsOf(walletId)).toHaveLength(1);
    expect(await balanceOf(walletId)).toBe(1_000 + AMOUNT);
  });

  it('records a refused card once, leaves the balance alone and does not retry it until the cool-down passes', async () => {
    const { p, walletId, cardId } = await walletWithAutoTopUp('Declined', 10_000, SANDBOX_CARDS.declinesCharges);
    await chargeOf(p, 9_000);

    expect(await runDue(walletId)).toBe(1);
    expect(await attemptsOf(cardId)).toMatchObject([{ outcome: 'declined', transactionId: null }]);
    expect(await balanceOf(walletId)).toBe(1_000);
    // A refusal ends the job: the queue does not try the card again.
    expect(await jobsOf(walletId)).toMatchObject([{ state: 'done', attempts: 1 }]);

    // More charges below the threshold soon after: the card that just refused is left alone.
    await later(AUTO_TOP_UP_COOL_DOWN_MS - 60_000);
    await chargeOf(p, 100);
    expect(await runDue(walletId)).toBe(1);
    expect(await attemptsOf(cardId)).toHaveLength(1);

    // Past the cool-down the next charge below the threshold tries the card again, once.
    await later(2 * 60_000);
    await chargeOf(p, 100);
    expect(await runDue(walletId)).toBe(1);
    expect(await attemptsOf(cardId)).toHaveLength(2);
    await later(24 * 60 * 60_000);
    expect(await runDue(walletId)).toBe(0);
  });

  it('enqueues nothing for a charge that is refused and rolled back', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Rolled back', 3_000);
    const refused = await chargeOf(p, 10_000);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await jobsOf(walletId)).toHaveLength(0);
    expect(await balanceOf(walletId)).toBe(3_000);
  });

  it('skips a job whose wallet no longer has auto top-up', async () => {
    const { p, walletId } = await walletWithAutoTopUp('Turned off', 10_000);
    await chargeOf(p, 9_000);
    expect((await owner.call('PATCH', url(`/wallets/${walletId}`, p), { autoTopUp: null })).statusCode).toBe(200);
    const before = sandbox.chargeCount;
    expect(await runDue(walletId)).toBe(1);
    expect(sandbox.chargeCount).toBe(before);
    expect(await paymentsOf(walletId)).toHaveLength(0);
    const [job] = await jobsOf(walletId);
    expect((job!.payload as AutoTopUpJob).walletId).toBe(walletId);
  });
});
