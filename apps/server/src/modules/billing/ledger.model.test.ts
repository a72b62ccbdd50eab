import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { company } from '../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { setCreditLimit, updateAccount } from './account.js';
import { raiseTransaction, reverseTransaction, settleTransaction } from './transactions.js';

/**
 * Model-based: random sequences of top-ups, charges, adjustments, confirmations, voids and
 * reversals run against the real ledger and against a plain model of it. After every step each
 * wallet's cached balance must equal the sum of its confirmed entries (recomputed in SQL), its
 * holds the sum of its pending charges, both must match the model, and no wallet may be below
 * minus its credit limit. The model is written from the rules, not from ledger.ts.
 */
const CURRENCIES = ['EUR', 'USD'] as const;
type Currency = (typeof CURRENCIES)[number];

interface ModelEntry {
  id: string;
  currency: Currency;
  amount: number;
  status: 'pending' | 'confirmed' | 'void';
  reversal: boolean;
  reversed: boolean;
}
interface Model {
  /** Only the account's currency (EUR) has credit. */
  creditLimit: number;
  entries: ModelEntry[];
}
interface Real {
  db: Database;
  projectId: string;
  now: () => Date;
}

const limitOf = (m: Model, c: Currency) => (c === 'EUR' ? m.creditLimit : 0);
const balanceOf = (m: Model, c: Currency) =>
  m.entries.filter((e) => e.currency === c && e.status === 'confirmed').reduce((s, e) => s + e.amount, 0);
const heldOf = (m: Model, c: Currency) =>
  m.entries.filter((e) => e.currency === c && e.status === 'pending' && e.amount < 0).reduce((s, e) => s - e.amount, 0);
/** A credit always fits; a debit must leave balance − held ≥ −limit. */
const fits = (m: Model, c: Currency, amount: number) =>
  amount > 0 || balanceOf(m, c) - heldOf(m, c) + limitOf(m, c) + amount >= 0;

/** Runs a ledger call in its own transaction; answers the error code of a refusal, or the result. */
async function attempt<T>(real: Real, fn: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>) {
  try {
    return { ok: true as const, value: await real.db.transaction(fn) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, code: error.code };
    throw error;
  }
}

async function checkInvariants(m: Model, real: Real) {
  const result = await real.db.execute(sql`
    select w.currency, w.balance, w.held,
      coalesce(sum(x.amount) filter (where x.status = 'confirmed'), 0) as confirmed,
      coalesce(-sum(x.amount) filter (where x.status = 'pending' and x.amount < 0), 0) as pending
    from billing_wallets w left join billing_transactions x on x.wallet_id = w.id
    where w.project_id = ${real.projectId}
    group by w.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  for (const row of rows) {
    const c = row.currency as Currency;
    const [balance, held] = [Number(row.balance), Number(row.held)];
    expect(balance, `${c} balance is the sum of its confirmed entries`).toBe(Number(row.confirmed));
    expect(held, `${c} holds are its pending charges`).toBe(Number(row.pending));
    expect(balance, `${c} balance matches the model`).toBe(balanceOf(m, c));
    expect(held, `${c} holds match the model`).toBe(heldOf(m, c));
    expect(balance + limitOf(m, c), `${c} never below minus the credit limit`).toBeGreaterThanOrEqual(0);
    expect(balance - held + limitOf(m, c), `${c} holds stay within the credit`).toBeGreaterThanOrEqual(0);
  }
}

class Book implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly type: 'charge' | 'credit' | 'adjustment',
    readonly currency: Currency,
    readonly amount: number,
    readonly confirm: boolean,
  ) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const signed = this.type === 'charge' ? -this.amount : this.amount;
    const expectOk = fits(m, this.currency, signed);
    const request = {
      type: this.type,
      amount: this.amount,
      currency: this.currency,
      integration: 'model',
      sourceReference: 'model',
      confirm: this.confirm,
    };
    const result = await attempt(real, (tx) => raiseTransaction(tx, real.projectId, request, real.now()));
    if (!result.ok) expect(result.code).toBe('INSUFFICIENT_BALANCE');
    expect(result.ok, 'accepted exactly when it fits').toBe(expectOk);
    if (result.ok) {
      expect(result.value.amount).toBe(signed);
      m.entries.push({
        id: result.value.id,
        currency: this.currency,
        amount: signed,
        status: this.confirm ? 'confirmed' : 'pending',
        reversal: false,
        reversed: false,
      });
    }
    await checkInvariants(m, real);
  }
  toString = () => `${this.type}(${this.currency} ${this.amount}${this.confirm ? '' : ', pending'})`;
}

class Settle implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly to: 'confirmed' | 'void',
  ) {}
  check = (m: Readonly<Model>) => m.entries.length > 0;
  async run(m: Model, real: Real) {
    const entry = m.entries[this.index % m.entries.length]!;
    const result = await attempt(real, (tx) => settleTransaction(tx, real.projectId, entry.id, this.to, real.now()));
    expect(result.ok, `settle a ${entry.status} entry`).toBe(entry.status === 'pending');
    if (result.ok) entry.status = this.to;
    else expect(result.code).toBe('TRANSACTION_NOT_PENDING');
    await checkInvariants(m, real);
  }
  toString = () => `${this.to === 'confirmed' ? 'confirm' : 'void'}(#${this.index})`;
}

class Reverse implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.entries.length > 0;
  async run(m: Model, real: Real) {
    const entry = m.entries[this.index % m.entries.length]!;
    const reversible = entry.status === 'confirmed' && !entry.reversal && !entry.reversed;
    const expected = !reversible
      ? 'TRANSACTION_NOT_REVERSIBLE'
      : fits(m, entry.currency, -entry.amount)
        ? null
        : 'INSUFFICIENT_BALANCE';
    const result = await attempt(real, (tx) => reverseTransaction(tx, real.projectId, entry.id, real.now()));
    expect(result.ok ? null : result.code).toBe(expected);
    if (result.ok) {
      expect(result.value).toMatchObject({ amount: -entry.amount, reversesId: entry.id, status: 'confirmed' });
      entry.reversed = true;
      m.entries.push({ ...entry, id: result.value.id, amount: -entry.amount, reversal: true, reversed: false });
    }
    await checkInvariants(m, real);
  }
  toString = () => `reverse(#${this.index})`;
}

const amount = fc.integer({ min: 1, max: 3_000 });
const currency = fc.constantFrom(...CURRENCIES);
const index = fc.nat({ max: 50 });
const commands = fc.commands(
  [
    fc.tuple(currency, amount, fc.boolean()).map(([c, a, confirm]) => new Book('credit', c, a, confirm)),
    fc.tuple(currency, amount, fc.boolean()).map(([c, a, confirm]) => new Book('charge', c, a, confirm)),
    fc
      .tuple(currency, amount, fc.boolean(), fc.boolean())
      .map(([c, a, negative, confirm]) => new Book('adjustment', c, negative ? -a : a, confirm)),
    index.map((i) => new Settle(i, 'confirmed')),
    index.map((i) => new Settle(i, 'void')),
    index.map((i) => new Reverse(i)),
  ],
  { maxCommands: 30, size: 'max' },
);

describe('the ledger, model-based', () => {
  let t: TestApp;
  let owner: BearerUser;
  let projects = 0;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  it('keeps every balance equal to its confirmed entries and within the credit limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5_000 }), commands, async (creditLimit, cmds) => {
        // Each run gets a project of its own: a fresh ledger.
        const projectId = (await createProjectAs(owner, `Model ${++projects}`)).id;
        const db = t.database.db;
        await db.transaction(async (tx) => {
          await updateAccount(tx, projectId, { company }, t.clock.now());
          await setCreditLimit(tx, projectId, creditLimit, t.clock.now());
        });
        const real: Real = { db, projectId, now: () => t.clock.now() };
        await fc.asyncModelRun(() => ({ model: { creditLimit, entries: [] }, real }), cmds);
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
