import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { company } from '../../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { setCreditLimit, updateAccount } from '../account.js';
import { SANDBOX_CARDS, SandboxGateway } from '../gateway/sandbox.js';
import { payInvoice } from '../invoices/invoice-payments.js';
import { freshCaller } from '../../../test/invoices.js';
import { runInvoicesForPeriod } from '../invoices/invoice-run.js';
import { addPaymentMethod } from '../payments/payment-methods.js';
import { billingAccounts, invoices, paymentMethods, transactions } from '../schema.js';
import type { EntrySource } from './ledger.js';
import { raiseTransaction, reverseTransaction, settleTransaction } from './transactions.js';

/**
 * The model exercises the balance rules with every kind of entry, so it books as a platform
 * administrator would (who may give value as well as take it); who may book what is ledger.test.ts's.
 */
const ADMIN: EntrySource = { kind: 'admin', reason: 'ledger model' };

/**
 * Model-based: random sequences of top-ups, charges, adjustments, confirmations, voids, reversals,
 * monthly invoice runs and invoice payments run against the real ledger and against a plain model
 * of it. After every step each wallet's cached balance must equal the sum of its confirmed entries
 * (recomputed in SQL), its holds the sum of its pending charges, both must match the model, and no
 * wallet may be below minus its credit limit but for what billing itself booked past it (tax).
 * Invoices must bill each entry once and for good, total exactly their lines, and be numbered
 * 1..n without gaps. The model is written from the rules, not from ledger.ts.
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
  /** Money in from a card: never billed. */
  payment?: boolean;
  /** Set once, by the run that bills it. */
  invoiceId?: string;
}
interface ModelInvoice {
  id: string;
  unpaid: boolean;
  amountDue: number;
}
interface Model {
  /** Only the account's currency (EUR) has credit. */
  creditLimit: number;
  entries: ModelEntry[];
  invoices: ModelInvoice[];
  /** What billing booked past the credit limit (tax lines): owed whatever the limit says. */
  systemDebt: number;
}
interface Real {
  db: Database;
  projectId: string;
  now: () => Date;
  clock: TestClock;
  gateway: SandboxGateway;
  /** A card that is not the default, so that the run leaves collection to PayInvoice. */
  cardId: string;
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
    const debt = c === 'EUR' ? m.systemDebt : 0;
    expect(balance + limitOf(m, c) + debt, `${c} never below minus the credit limit`).toBeGreaterThanOrEqual(0);
    expect(balance - held + limitOf(m, c) + debt, `${c} holds stay within the credit`).toBeGreaterThanOrEqual(0);
  }
  await checkInvoices(m, real);
}

/** Each entry billed once and for good; every invoice totals its lines; numbers 1..n per platform. */
async function checkInvoices(m: Model, real: Real) {
  const billed = await real.db
    .select({ id: transactions.id, invoiceId: transactions.invoiceId })
    .from(transactions)
    .where(eq(transactions.projectId, real.projectId));
  const invoiceOf = new Map(billed.map((b) => [b.id, b.invoiceId]));
  for (const entry of m.entries) {
    if (entry.invoiceId)
      expect(invoiceOf.get(entry.id), 'an invoiced entry stays on its invoice').toBe(entry.invoiceId);
  }
  const totals = await real.db.execute(sql`
    select i.total, i.line_count, coalesce(-sum(x.amount), 0) as lines, count(x.id) as count
    from billing_invoices i left join billing_transactions x on x.invoice_id = i.id
    where i.project_id = ${real.projectId} group by i.id`);
  for (const row of (totals as unknown as { rows: Record<string, unknown>[] }).rows) {
    expect(Number(row.total), 'an invoice totals its lines').toBe(Number(row.lines));
    expect(Number(row.line_count), 'an invoice counts its lines').toBe(Number(row.count));
  }
  const numbers = await real.db.select({ sequence: invoices.sequence }).from(invoices).orderBy(invoices.sequence);
  expect(
    numbers.map((n) => n.sequence),
    'invoice numbers have no gaps',
  ).toEqual(numbers.map((_, i) => i + 1));
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
    const result = await attempt(real, (tx) => raiseTransaction(tx, real.projectId, request, real.now(), ADMIN));
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
    const result = await attempt(real, (tx) =>
      settleTransaction(tx, real.projectId, entry.id, this.to, real.now(), ADMIN),
    );
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
    const result = await attempt(real, (tx) => reverseTransaction(tx, real.projectId, entry.id, real.now(), ADMIN));
    expect(result.ok ? null : result.code).toBe(expected);
    if (result.ok) {
      expect(result.value).toMatchObject({ amount: -entry.amount, reversesId: entry.id, status: 'confirmed' });
      entry.reversed = true;
      // A new entry: not billed yet, whatever became of the one it reverses. It is an adjustment
      // even when it reverses a payment (the money went back), so the next invoice bills it.
      m.entries.push({
        ...entry,
        id: result.value.id,
        amount: -entry.amount,
        reversal: true,
        reversed: false,
        invoiceId: undefined,
        payment: false,
      });
    }
    await checkInvariants(m, real);
  }
  toString = () => `reverse(#${this.index})`;
}

/** Moves the clock into the next month and runs the month just ended, as the scheduler does. */
class RunInvoices implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, real: Real) {
    const now = real.now();
    const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    real.clock.set(new Date(periodEnd.getTime() + 60 * 60 * 1000));
    // Everything was confirmed before the period ended (the clock only moves here).
    const billable = m.entries.filter(
      (e) => e.currency === 'EUR' && e.status === 'confirmed' && !e.payment && !e.invoiceId,
    );
    const result = await runInvoicesForPeriod(real.db, real.gateway, real.clock, periodEnd);
    expect(result.failed).toEqual([]);
    const [invoice] = await real.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.projectId, real.projectId), eq(invoices.periodEnd, periodEnd)));
    expect(invoice !== undefined, 'an invoice exactly when there is something to bill').toBe(billable.length > 0);
    if (!invoice) return checkInvariants(m, real);
    const subtotal = 0 - billable.reduce((sum, e) => sum + e.amount, 0);
    expect(invoice.subtotal).toBe(subtotal);
    for (const entry of billable) entry.invoiceId = invoice.id;
    if (invoice.tax > 0) {
      const [tax] = await real.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoiceId, invoice.id), eq(transactions.sourceReference, `tax:${invoice.number}`)));
      expect(tax!.amount).toBe(-invoice.tax);
      m.systemDebt += invoice.tax;
      m.entries.push({
        id: tax!.id,
        currency: 'EUR',
        amount: -invoice.tax,
        status: 'confirmed',
        reversal: false,
        reversed: false,
        invoiceId: invoice.id,
      });
    }
    const balance = balanceOf(m, 'EUR');
    expect(invoice.amountDue).toBe(Math.max(0, Math.min(invoice.total, -balance)));
    m.invoices.push({ id: invoice.id, unpaid: invoice.amountDue > 0, amountDue: invoice.amountDue });
    await checkInvariants(m, real);
  }
  toString = () => 'runInvoices';
}

/** Pay now with the card: only unpaid invoices; the payment is money in, never billed. */
class PayInvoice implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.invoices.length > 0;
  async run(m: Model, real: Real) {
    const invoice = m.invoices[this.index % m.invoices.length]!;
    const result = await attempt(real, (tx) =>
      payInvoice(tx, real.gateway, real.projectId, invoice.id, real.cardId, real.now()),
    );
    expect(result.ok ? null : result.code).toBe(invoice.unpaid ? null : 'INVOICE_NOT_PAYABLE');
    if (result.ok) {
      expect(result.value.status).toBe('paid');
      // The payment this call booked: the one the model does not know yet (payments booked at the
      // same clock instant tie on createdAt, so "the newest" is not well defined).
      const known = new Set(m.entries.map((e) => e.id));
      const payment = (
        await real.db
          .select()
          .from(transactions)
          .where(and(eq(transactions.projectId, real.projectId), eq(transactions.type, 'payment')))
      ).find((row) => !known.has(row.id));
      expect(payment!.amount).toBe(invoice.amountDue);
      invoice.unpaid = false;
      m.entries.push({
        id: payment!.id,
        currency: 'EUR',
        amount: invoice.amountDue,
        status: 'confirmed',
        reversal: false,
        reversed: false,
        payment: true,
      });
    }
    await checkInvariants(m, real);
  }
  toString = () => `payInvoice(#${this.index})`;
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
    fc.constant(new RunInvoices()),
    index.map((i) => new PayInvoice(i)),
  ],
  { maxCommands: 30, size: 'max' },
);

describe('the ledger, model-based', () => {
  let t: TestApp;
  let owner: BearerUser;
  let projects = 0;
  let start: Date;

  beforeAll(async () => {
    t = await createStartedTestApp();
    start = t.clock.now();
    // The invoice runs move the clock by months: every call gets a token minted at its now.
    owner = freshCaller(t, await bearerUser(t, 'owner@example.com'));
  });
  afterAll(() => t.close());

  it('keeps every balance equal to its confirmed entries and within the credit limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5_000 }), commands, async (creditLimit, cmds) => {
        // Each run starts at the same moment: the invoice runs move the shared clock a month at a
        // time, and over forty runs (and their shrinking) it once passed the test card's 2099 expiry.
        t.clock.set(start);
        // Each run gets a project of its own: a fresh ledger.
        const projectId = (await createProjectAs(owner, `Model ${++projects}`)).id;
        const db = t.database.db;
        const now = t.clock.now();
        const gateway = new SandboxGateway(t.clock);
        const cardId = await db.transaction(async (tx) => {
          // On the demo plan (set before the company, so nothing is prorated): no plan fee, only tax.
          await updateAccount(tx, projectId, { plan: 'demo' }, now);
          await updateAccount(tx, projectId, { company }, now);
          await setCreditLimit(tx, projectId, creditLimit, now);
          const card = await gateway.addCard({
            number: SANDBOX_CARDS.succeeds,
            expMonth: 12,
            expYear: 2099,
            cvc: '123',
            holderName: 'Model',
          });
          const row = await addPaymentMethod(
            tx,
            projectId,
            { ...card, vendor: 'sandbox', holderName: 'Model', makeDefault: false },
            now,
          );
          await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, row.id));
          return row.id;
        });
        const real: Real = { db, projectId, now: () => t.clock.now(), clock: t.clock, gateway, cardId };
        await fc.asyncModelRun(
          () => ({ model: { creditLimit, entries: [], invoices: [], systemDebt: 0 }, real }),
          cmds,
        );
        // Out of later runs' way: each run looks only at its own project's invoices.
        await db.update(billingAccounts).set({ company: null }).where(eq(billingAccounts.projectId, projectId));
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
