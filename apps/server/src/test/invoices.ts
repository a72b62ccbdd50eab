import { expect } from 'vitest';
import { makeAdmin } from '../modules/accounts/testing.js';
import type { TestApp } from './app.js';
import { billingUrl, callerFor, charge, company, sandboxCard, topUp } from './billing.js';
import { bearerUser, createProjectAs, type BearerUser } from './projects.js';
import { SANDBOX_CARDS, SandboxGateway } from '../modules/billing/gateway/sandbox.js';
import { runInvoicesForPeriod } from '../modules/billing/invoices/invoice-run.js';
import { invoiceLinesOf, invoicesOfProject, ledgerEntriesOf, walletBalanceAndSum } from '../modules/billing/testing.js';

/**
 * Shared by the invoice tests (not a test file itself): a billed project made through the API, the
 * calls the tests repeat, and reads of the tables they assert on.
 */
export interface InvoiceWorld {
  t: TestApp;
  owner: BearerUser;
  admin: BearerUser;
  /** The tests' own sandbox: stateless but for the answers it gave per idempotency key. */
  gateway: SandboxGateway;
}

/**
 * The tests move the clock by months, past any token's lifetime: each call gets a token minted at
 * the clock's now, as the console would fetch a fresh one.
 */
export function freshCaller(t: TestApp, user: BearerUser): BearerUser {
  const call: BearerUser['call'] = async (method, path, payload) =>
    (await callerFor(t, user.user.id)).call(method, path, payload);
  return { ...user, call };
}

export async function invoiceWorld(t: TestApp): Promise<InvoiceWorld> {
  const owner = await bearerUser(t, 'owner@example.com');
  const adminUser = await bearerUser(t, 'platform.admin@example.com');
  await makeAdmin(t.database.db, { id: adminUser.user.id });
  return { t, owner: freshCaller(t, owner), admin: freshCaller(t, adminUser), gateway: new SandboxGateway(t.clock) };
}

export const url = billingUrl;

/**
 * A project with company details (in `country`) on `plan`, with room to charge on credit. The plan is
 * set before the company, so that no proration is booked for it.
 */
export async function billedProject(
  w: InvoiceWorld,
  name: string,
  options: { plan?: string; country?: string; creditLimit?: number } = {},
) {
  const p = (await createProjectAs(w.owner, name)).id;
  if (options.plan)
    expect((await w.owner.call('PATCH', url('/billing', p), { plan: options.plan })).statusCode).toBe(200);
  const details = { ...company, address: { ...company.address, country: options.country ?? 'NL' } };
  expect((await w.owner.call('PATCH', url('/billing', p), { company: details })).statusCode).toBe(200);
  const res = await w.admin.call('PATCH', url('/admin', p), { creditLimit: options.creditLimit ?? 1_000_000 });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

/** A confirmed charge (or `confirm: false`) through the API; answers its id. */
export async function chargeOf(w: InvoiceWorld, p: string, amount: number, extra: Record<string, unknown> = {}) {
  const res = await w.owner.call('POST', url('/transactions', p), charge(amount, extra));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

export type CardKind = keyof typeof SANDBOX_CARDS;

export async function addCard(
  w: InvoiceWorld,
  p: string,
  kind: CardKind = 'succeeds',
  extra: Record<string, unknown> = {},
) {
  const res = await w.owner.call(
    'POST',
    url('/payment-methods', p),
    sandboxCard({ number: SANDBOX_CARDS[kind], ...extra }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

export async function topUpOf(w: InvoiceWorld, p: string, amount: number) {
  const res = await w.owner.call('POST', url('/transactions', p), topUp(amount));
  expect(res.statusCode, res.body).toBe(201);
}

export const run = (w: InvoiceWorld, periodEnd: string) =>
  runInvoicesForPeriod(w.t.database.db, w.gateway, w.t.clock, new Date(periodEnd));

export const invoicesOf = (w: InvoiceWorld, p: string) => invoicesOfProject(w.t.database.db, p);

export const linesOf = (w: InvoiceWorld, invoiceId: string) => invoiceLinesOf(w.t.database.db, invoiceId);

export const entriesOf = (w: InvoiceWorld, p: string) => ledgerEntriesOf(w.t.database.db, p);

/** The cached balance and the SQL sum of the confirmed entries of the project's EUR wallet. */
export const walletOf = (w: InvoiceWorld, p: string) => walletBalanceAndSum(w.t.database.db, p);
