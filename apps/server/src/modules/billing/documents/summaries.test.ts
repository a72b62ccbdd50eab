import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerToken, billingUrl, charge, credit, postWithKey } from '../../../test/billing.js';
import { adminBookAt, billedProject, bookAt } from '../../../test/billing-documents.js';
import { bearerUser, type BearerUser } from '../../../test/projects.js';
import { summaries } from '../schema.js';

const START = '2026-01-15T12:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('summaries (statements)', () => {
  let t: TestApp;
  let owner: BearerUser;
  let token: string;
  let p: string;

  const create = async (project: string, body: object) => {
    t.clock.set(START);
    return owner.call('POST', billingUrl('/summaries', project), body);
  };
  const period = (start: string, end: string, extra: object = {}) => ({ periodStart: start, periodEnd: end, ...extra });

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'summaries.owner@example.com');
    // The bearer helper keeps its token to itself: mint one for the calls with an Idempotency-Key.
    token = await bearerToken(t, owner.user.id);
    p = await billedProject(owner, 'Statements');
    await adminBookAt(t, p, '2025-09-10T00:00:00Z', credit(50_000));
    await bookAt(t, owner, p, '2025-09-20T00:00:00Z', charge(1_100));
    await bookAt(t, owner, p, '2025-10-01T00:00:00Z', charge(2_000)); // first instant of October
    await adminBookAt(t, p, '2025-10-15T00:00:00Z', credit(500));
    await bookAt(t, owner, p, '2025-10-20T00:00:00Z', { ...charge(250), type: 'adjustment', amount: -250 });
    await bookAt(t, owner, p, '2025-10-31T23:59:59.999Z', charge(300)); // last instant of October
    await bookAt(t, owner, p, '2025-10-25T00:00:00Z', charge(999, { confirm: false })); // pending: never counted
    await bookAt(t, owner, p, '2025-11-01T00:00:00Z', charge(4_000)); // first instant of November
  });
  afterAll(() => t.close());

  it('states a month from the ledger: opening balance, movements by type, closing balance', async () => {
    const res = await create(p, period('2025-10-01T00:00:00Z', '2025-11-01T00:00:00Z'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      currency: 'EUR',
      periodStart: '2025-10-01T00:00:00.000Z',
      periodEnd: '2025-11-01T00:00:00.000Z',
      openingBalance: 50_000 - 1_100,
      charges: -2_000 - 300,
      credits: 500,
      payments: 0,
      refunds: 0,
      adjustments: -250,
      closingBalance: 50_000 - 1_100 - 2_000 + 500 - 250 - 300,
      transactionCount: 4,
      createdAt: '2026-01-15T12:00:00.000Z',
    });
    const audit = await auditEntries(t.database.db, {
      operationId: 'createSummary',
      target: `summary:${res.json().id}`,
    });
    expect(audit).toHaveLength(1);
  });

  it('closes on the wallet balance when the period covers the whole ledger', async () => {
    const res = await create(p, period('2000-01-01T00:00:00Z', '2026-01-15T00:00:00Z'));
    const [wallet] = (await owner.call('GET', billingUrl('/wallets', p))).json();
    expect(res.json()).toMatchObject({ openingBalance: 0, closingBalance: wallet.balance, transactionCount: 7 });
  });

  it('chains: any split of the ledger gives statements whose closing is the next one opening', async () => {
    const times = ['2025-09-01', '2025-09-15', '2025-10-01', '2025-10-20', '2025-10-31', '2025-11-01', '2025-12-01'];
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.constantFrom(...times), { minLength: 3, maxLength: 3 }), async (picked) => {
        const [a, b, c] = [...picked].sort().map((d) => `${d}T00:00:00Z`);
        const first = (await create(p, period(a!, b!))).json();
        const second = (await create(p, period(b!, c!))).json();
        const whole = (await create(p, period(a!, c!))).json();
        const moved = (s: typeof first) => s.charges + s.credits + s.payments + s.refunds + s.adjustments;
        expect(first.closingBalance).toBe(first.openingBalance + moved(first));
        expect(second.openingBalance).toBe(first.closingBalance);
        expect(whole.closingBalance).toBe(second.closingBalance);
        expect(whole.transactionCount).toBe(first.transactionCount + second.transactionCount);
      }),
      { numRuns: 8 },
    );
  });

  it('replays the first answer for the same Idempotency-Key and makes one statement', async () => {
    t.clock.set(START);
    const body = period('2025-09-01T00:00:00Z', '2025-10-01T00:00:00Z');
    const url = billingUrl('/summaries', p);
    const first = await postWithKey(t, token, url, 'summary-sep', body);
    const again = await postWithKey(t, token, url, 'summary-sep', body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(summaries).where(eq(summaries.id, first.json().id));
    expect(rows).toHaveLength(1);
    const other = await postWithKey(
      t,
      token,
      url,
      'summary-sep',
      period('2025-08-01T00:00:00Z', '2025-09-01T00:00:00Z'),
    );
    expect(other.statusCode).toBe(422);
  });

  it('refuses a period that has not ended, and one that ends before it starts', async () => {
    const future = await create(p, period('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'SUMMARY_PERIOD_NOT_ENDED',
      message: 'The period has not ended yet. Choose a period that ends today or earlier.',
    });
    const backwards = await create(p, period('2025-10-01T00:00:00Z', '2025-09-01T00:00:00Z'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      path: 'body.periodEnd',
      message: 'The period must end after it starts.',
    });
  });

  it('states a currency the project never used as zeros', async () => {
    const res = await create(p, period('2025-10-01T00:00:00Z', '2025-11-01T00:00:00Z', { currency: 'USD' }));
    expect(res.json()).toMatchObject({ currency: 'USD', openingBalance: 0, closingBalance: 0, transactionCount: 0 });
  });

  it('lists newest first, pages by token and searches the month or the currency', async () => {
    const q = await billedProject(owner, 'Statements list');
    const made: string[] = [];
    for (const [i, month] of ['2025-06', '2025-07', '2025-08'].entries()) {
      t.clock.set(`2026-01-0${i + 1}T00:00:00Z`);
      const next = month === '2025-08' ? '2025-09' : `2025-0${Number(month.slice(5)) + 1}`;
      const res = await owner.call(
        'POST',
        billingUrl('/summaries', q),
        period(`${month}-01T00:00:00Z`, `${next}-01T00:00:00Z`),
      );
      made.push(res.json().id);
    }
    const page1 = (await owner.call('GET', billingUrl('/summaries?pageSize=2', q))).json();
    expect(page1.items.map((s: { id: string }) => s.id)).toEqual([made[2], made[1]]);
    const page2 = (
      await owner.call('GET', billingUrl(`/summaries?pageSize=2&pageToken=${page1.nextPageToken}`, q))
    ).json();
    expect(page2).toEqual({ items: [expect.objectContaining({ id: made[0] })], nextPageToken: null });
    const july = (await owner.call('GET', billingUrl('/summaries?search=2025-07', q))).json();
    expect(july.items.map((s: { id: string }) => s.id)).toEqual([made[1]]);
    expect((await owner.call('GET', billingUrl('/summaries?search=eur', q))).json().items).toHaveLength(3);
    expect((await owner.call('GET', billingUrl('/summaries?search=USD', q))).json().items).toHaveLength(0);
    expect((await owner.call('GET', billingUrl('/summaries?pageToken=nonsense', q))).statusCode).toBe(400);
  });

  it('gets and deletes a statement (audited), leaving the ledger alone', async () => {
    const made = (await create(p, period('2025-09-01T00:00:00Z', '2025-09-15T00:00:00Z'))).json();
    expect((await owner.call('GET', billingUrl(`/summaries/${made.id}`, p))).json()).toEqual(made);
    const before = (await owner.call('GET', billingUrl('/wallets', p))).json();
    const gone = await owner.call('DELETE', billingUrl(`/summaries/${made.id}`, p));
    expect(gone.statusCode).toBe(204);
    expect((await owner.call('GET', billingUrl(`/summaries/${made.id}`, p))).statusCode).toBe(404);
    expect((await owner.call('DELETE', billingUrl(`/summaries/${made.id}`, p))).statusCode).toBe(404);
    expect((await owner.call('GET', billingUrl('/wallets', p))).json()).toEqual(before);
    const audit = await auditEntries(t.database.db, { operationId: 'deleteSummary', target: `summary:${made.id}` });
    expect(audit).toHaveLength(1);
  });

  it("answers 404 SUMMARY_NOT_FOUND for another project's statement on every route", async () => {
    const mine = (await create(p, period('2025-09-01T00:00:00Z', '2025-10-01T00:00:00Z'))).json();
    const other = await billedProject(owner, 'Statements other');
    const notFound = { code: 'SUMMARY_NOT_FOUND', message: 'Summary not found' };
    for (const [method, path] of [
      ['GET', `/summaries/${mine.id}`],
      ['DELETE', `/summaries/${mine.id}`],
      ['GET', `/summaries/${mine.id}/download`],
      ['POST', `/summaries/${mine.id}/transactions/export`],
      ['GET', `/summaries/${UNKNOWN}`],
    ] as const) {
      const res = await owner.call(method, billingUrl(path, other), method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject(notFound);
    }
    expect((await owner.call('GET', billingUrl(`/summaries/${mine.id}`, p))).statusCode).toBe(200);
  });
});
