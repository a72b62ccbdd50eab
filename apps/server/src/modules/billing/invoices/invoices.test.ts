import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { projectPlatformId } from '../../projects/read-models.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerToken, postWithKey } from '../../../test/billing.js';
import {
  addCard,
  billedProject,
  chargeOf,
  entriesOf,
  invoicesOf,
  invoiceWorld,
  linesOf,
  run,
  topUpOf,
  url,
  walletOf,
  type InvoiceWorld,
} from '../../../test/invoices.js';
import { collectDueInvoices, RETRY_SCHEDULE_DAYS } from './invoice-payments.js';
import { invoices, paymentAttempts, summaries, transactions } from '../schema.js';

const DAY = 24 * 60 * 60 * 1000;
const OCTOBER = '2026-10-10T10:00:00Z';
const PERIOD_END = '2026-11-01T00:00:00.000Z';
const RUN_AT = '2026-11-01T03:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** Starter's EUR price, and Dutch VAT (21 %) on it plus a 1,000 charge. */
const STARTER = 2_900;
const SUBTOTAL = STARTER + 1_000;
const TAX = Math.round(SUBTOTAL * 0.21);
const TOTAL = SUBTOTAL + TAX;

describe('invoices', () => {
  let t: TestApp;
  let w: InvoiceWorld;

  beforeAll(async () => {
    t = await createStartedTestApp();
    w = await invoiceWorld(t);
  });
  afterAll(() => t.close());

  /** A NL starter project charged 1,000 in October, invoiced by the run of October. */
  async function invoicedProject(name: string, setup: (p: string) => Promise<void> = async () => undefined) {
    t.clock.set(OCTOBER);
    const p = await billedProject(w, name);
    await setup(p);
    await chargeOf(w, p, 1_000);
    t.clock.set(RUN_AT);
    await run(w, PERIOD_END);
    const [invoice] = await invoicesOf(w, p);
    return { p, invoice: invoice! };
  }

  describe('the run', () => {
    let p: string;
    let later: string;
    let pending: string;

    beforeAll(async () => {
      t.clock.set(OCTOBER);
      p = await billedProject(w, 'Gather');
      await chargeOf(w, p, 1_000);
      pending = await chargeOf(w, p, 500, { confirm: false });
      // Confirmed after the period ended: it waits for November's invoice.
      t.clock.set('2026-11-01T01:00:00Z');
      later = await chargeOf(w, p, 700);
      t.clock.set(RUN_AT);
    });

    it("gathers exactly the period's confirmed, uninvoiced entries, with the plan fee and the tax as lines", async () => {
      const result = await run(w, PERIOD_END);
      expect(result.invoices).toBeGreaterThanOrEqual(1);
      expect(result.failed).toEqual([]);
      const [invoice, ...others] = await invoicesOf(w, p);
      expect(others).toEqual([]);
      expect(invoice).toMatchObject({
        type: 'period',
        status: 'due',
        currency: 'EUR',
        periodStart: new Date('2026-10-01T00:00:00Z'),
        periodEnd: new Date(PERIOD_END),
        subtotal: SUBTOTAL,
        tax: TAX,
        taxRateBps: 2100,
        total: TOTAL,
        amountDue: TOTAL,
        amountPaid: 0,
        lineCount: 3,
        issuedAt: new Date(RUN_AT),
        dueAt: new Date(new Date(RUN_AT).getTime() + 14 * DAY),
        company: expect.objectContaining({ legalName: 'Harbour Goods B.V.' }),
      });
      expect(invoice!.number).toMatch(/^INV-\d{6}$/);
      const lines = await linesOf(w, invoice!.id);
      expect(lines.map((l) => [l.integration, l.sourceReference, l.description, l.amount]).sort()).toEqual(
        [
          ['billing', 'plan:starter:2026-10', 'Starter plan — October 2026', -STARTER],
          ['billing', `tax:${invoice!.number}`, 'VAT 21%', -TAX],
          ['gfn', 'order-1000', null, -1_000],
        ].sort(),
      );
      // The pending charge and the one confirmed after the period wait.
      const waiting = (await entriesOf(w, p)).filter((e) => e.invoiceId === null).map((e) => e.id);
      expect(waiting.sort()).toEqual([pending, later].sort());
      // No card: no attempt could be made; the next one is scheduled anyway.
      expect(invoice).toMatchObject({ attemptCount: 0, nextAttemptAt: new Date(new Date(RUN_AT).getTime() + 2 * DAY) });
      const wallet = await walletOf(w, p);
      // The pending 500 is held, not in the balance.
      expect(wallet.balance).toBe(-TOTAL - 700);
      expect(wallet.balance).toBe(wallet.confirmed);
    });

    it('issues nothing on a second run of the same period', async () => {
      const before = await entriesOf(w, p);
      const again = await run(w, PERIOD_END);
      expect(again.invoices).toBe(0);
      expect(again.projects).toBeGreaterThanOrEqual(1);
      expect(await invoicesOf(w, p)).toHaveLength(1);
      expect(await entriesOf(w, p)).toEqual(before);
    });

    it('answers the invoice over the API, and its lines through GET /transactions?invoice=', async () => {
      const [invoice] = await invoicesOf(w, p);
      const res = await w.owner.call('GET', url(`/invoices/${invoice!.id}`, p));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: invoice!.id,
        status: 'due',
        total: TOTAL,
        nextAttemptAt: expect.any(String),
      });
      const lines = await w.owner.call('GET', url(`/transactions?invoice=${invoice!.id}`, p));
      expect((lines.json() as { items: unknown[] }).items).toHaveLength(3);
    });
  });

  describe('collection', () => {
    it('marks an invoice the prepaid wallet covers paid at once, with nothing due', async () => {
      const { p, invoice } = await invoicedProject('Prepaid', async (project) => {
        await addCard(w, project);
        await topUpOf(w, project, 10_000);
      });
      expect(invoice).toMatchObject({
        status: 'paid',
        total: TOTAL,
        amountDue: 0,
        amountPaid: TOTAL,
        paidAt: new Date(RUN_AT),
        nextAttemptAt: null,
        attemptCount: 0,
      });
      // The top-up (a payment) is not billed.
      expect((await linesOf(w, invoice.id)).map((l) => l.type)).not.toContain('payment');
      expect(await walletOf(w, p)).toEqual({ balance: 10_000 - TOTAL, confirmed: 10_000 - TOTAL });
    });

    it('collects what the wallet could not cover from the default card at once', async () => {
      const { p, invoice } = await invoicedProject('In debt', async (project) => {
        await addCard(w, project);
      });
      expect(invoice).toMatchObject({ status: 'paid', amountDue: TOTAL, amountPaid: TOTAL, attemptCount: 1 });
      const payment = (await entriesOf(w, p)).find((e) => e.type === 'payment')!;
      expect(payment).toMatchObject({
        amount: TOTAL,
        status: 'confirmed',
        integration: 'billing',
        sourceReference: invoice.number,
        invoiceId: null,
      });
      expect(await walletOf(w, p)).toEqual({ balance: 0, confirmed: 0 });
      const attempts = await w.owner.call('GET', url(`/invoices/${invoice.id}/payment-attempts`, p));
      expect(attempts.json()).toEqual({
        items: [
          expect.objectContaining({
            invoiceId: invoice.id,
            outcome: 'succeeded',
            amount: TOTAL,
            transactionId: payment.id,
          }),
        ],
        nextPageToken: null,
      });
    });

    describe('a declining card', () => {
      let p: string;
      let invoiceId: string;
      let issuedAt: Date;
      const attempted = async () => {
        const [row] = await invoicesOf(w, p);
        return row!;
      };

      beforeAll(async () => {
        const made = await invoicedProject('Declined', async (project) => {
          await addCard(w, project, 'declinesCharges');
        });
        p = made.p;
        invoiceId = made.invoice.id;
        issuedAt = made.invoice.issuedAt;
      });

      it('fails, then retries 2, 4 and 7 days after issue, then stops', async () => {
        expect(await attempted()).toMatchObject({
          status: 'failed',
          attemptCount: 1,
          nextAttemptAt: new Date(issuedAt.getTime() + 2 * DAY),
        });
        for (const [i, days] of RETRY_SCHEDULE_DAYS.slice(1).entries()) {
          t.clock.set(new Date(issuedAt.getTime() + days * DAY + 60_000));
          // Not due yet a minute before: the collector leaves it alone.
          await collectDueInvoices(t.database.db, w.gateway, new Date(issuedAt.getTime() + days * DAY - 60_000));
          expect((await attempted()).attemptCount).toBe(i + 1);
          await collectDueInvoices(t.database.db, w.gateway, t.clock.now());
          const next = RETRY_SCHEDULE_DAYS[i + 2];
          expect(await attempted()).toMatchObject({
            status: 'failed',
            attemptCount: i + 2,
            nextAttemptAt: next === undefined ? null : new Date(issuedAt.getTime() + next * DAY),
          });
        }
        t.clock.set(new Date(issuedAt.getTime() + 10 * DAY));
        expect((await collectDueInvoices(t.database.db, w.gateway, t.clock.now())).attempted).toBe(0);
        const attempts = await t.database.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.invoiceId, invoiceId));
        expect(attempts.map((a) => a.outcome)).toEqual(['declined', 'declined', 'declined', 'declined']);
        expect((await walletOf(w, p)).balance).toBe(-TOTAL);
      });

      it('keeps the last card while the invoice is unpaid', async () => {
        const [card] = (await w.owner.call('GET', url('/payment-methods', p))).json() as { id: string }[];
        const res = await w.owner.call('DELETE', url(`/payment-methods/${card!.id}`, p));
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('PAYMENT_METHOD_IN_USE');
      });

      it('reads as overdue after its due date, with the account alert on the billing project and the project', async () => {
        t.clock.set(new Date(issuedAt.getTime() + 14 * DAY + 1_000));
        const res = await w.owner.call('GET', url(`/invoices/${invoiceId}`, p));
        expect(res.json().status).toBe('overdue');
        const billing = (await w.owner.call('GET', url('/billing', p))).json() as { flags: { code: string }[] };
        expect(billing.flags).toContainEqual({
          code: 'has_overdue_invoices',
          message: 'Account has overdue invoices.',
          level: 'danger',
          actions: [{ text: 'Pay', route: { name: 'billing.invoices', params: {}, query: {} } }],
        });
        const project = (await w.owner.call('GET', `/v1/projects/${p}`)).json() as {
          billing: { flags: { code: string }[] };
        };
        expect(project.billing.flags.map((f) => f.code)).toContain('has_overdue_invoices');
        const listed = (await w.owner.call('GET', '/v1/projects')).json() as {
          id: string;
          billing: { flags: { code: string }[] };
        }[];
        expect(listed.find((x) => x.id === p)!.billing.flags.map((f) => f.code)).toContain('has_overdue_invoices');
        const overdue = (await w.owner.call('GET', url('/invoices?status=overdue', p))).json() as {
          items: { id: string }[];
        };
        expect(overdue.items.map((i) => i.id)).toEqual([invoiceId]);
        expect((await w.owner.call('GET', url('/invoices?status=failed', p))).json().items).toEqual([]);
      });

      it('Pay now answers the refusal with a 402 and keeps the attempt', async () => {
        const res = await w.owner.call('POST', url(`/invoices/${invoiceId}/pay`, p), {});
        expect(res.statusCode).toBe(402);
        expect(res.json().code).toBe('CARD_DECLINED');
        expect((await attempted()).attemptCount).toBe(5);
      });

      it('Pay now with a good card clears the status and the alert; a paid invoice is not payable', async () => {
        const good = await addCard(w, p, 'succeeds');
        const res = await w.owner.call('POST', url(`/invoices/${invoiceId}/pay`, p), { paymentMethodId: good });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'paid', amountPaid: TOTAL, nextAttemptAt: null, attemptCount: 6 });
        expect(await walletOf(w, p)).toEqual({ balance: 0, confirmed: 0 });
        const billing = (await w.owner.call('GET', url('/billing', p))).json() as { flags: { code: string }[] };
        expect(billing.flags.map((f) => f.code)).not.toContain('has_overdue_invoices');
        const audited = await auditEntries(t.database.db, {
          operationId: 'payInvoice',
          target: `invoice:${invoiceId}`,
        });
        expect(audited.map((a) => a.result)).toContain('success');

        const again = await w.owner.call('POST', url(`/invoices/${invoiceId}/pay`, p), {});
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'INVOICE_NOT_PAYABLE', message: expect.stringContaining('paid') });
      });
    });
  });

  describe('voiding', () => {
    it('lets only platform admins void an unpaid invoice, with the reason, audited; a paid one cannot be', async () => {
      const { p, invoice } = await invoicedProject('Void');
      const body = { reason: 'Billed in error' };
      const refused = await w.owner.call('POST', url(`/admin/invoices/${invoice.id}/void`, p), body);
      expect(refused.statusCode).toBe(403);
      const res = await w.admin.call('POST', url(`/admin/invoices/${invoice.id}/void`, p), body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'void',
        voidReason: 'Billed in error',
        voidedAt: RUN_AT.replace('Z', '.000Z'),
        nextAttemptAt: null,
      });
      // Its lines stay on it.
      expect(await linesOf(w, invoice.id)).toHaveLength(3);
      const audited = await auditEntries(t.database.db, { target: `invoice:${invoice.id}` });
      expect(audited).toContainEqual(expect.objectContaining({ operationId: 'voidInvoice', result: 'success' }));
      expect((await w.admin.call('POST', url(`/admin/invoices/${invoice.id}/void`, p), body)).statusCode).toBe(409);

      // With an Idempotency-Key a retried void replays the first answer instead of the 409.
      const again = await invoicedProject('Void twice');
      const adminToken = await bearerToken(t, w.admin.user.id);
      const voidUrl = url(`/admin/invoices/${again.invoice.id}/void`, again.p);
      const first = await postWithKey(t, adminToken, voidUrl, 'void-once', body);
      const replay = await postWithKey(t, adminToken, voidUrl, 'void-once', body);
      expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
      expect(replay.json()).toEqual(first.json());
      expect(replay.headers['idempotent-replayed']).toBe('true');

      const paid = await invoicedProject('Void paid', async (project) => {
        await addCard(w, project);
      });
      const cannot = await w.admin.call('POST', url(`/admin/invoices/${paid.invoice.id}/void`, paid.p), body);
      expect(cannot.statusCode).toBe(409);
      expect(cannot.json().code).toBe('INVOICE_NOT_VOIDABLE');
    });
  });

  describe('listing', () => {
    let p: string;
    let other: string;
    const ids: string[] = [];

    beforeAll(async () => {
      t.clock.set(OCTOBER);
      p = await billedProject(w, 'Listing');
      other = await billedProject(w, 'Listing other');
      const [project] = await invoicesOf(w, p);
      expect(project).toBeUndefined();
      // The listing's invoices are written directly: 25 of them, ten sharing one issue time.
      const platformId = (await projectPlatformId(t.database.db, p))!;
      const base = new Date('2026-06-01T00:00:00Z').getTime();
      const rows = Array.from({ length: 25 }, (_, i) => {
        const issuedAt = new Date(i < 10 ? base : base + i * DAY);
        return {
          projectId: p,
          platformId,
          sequence: 90_000 + i,
          number: `INV-${90_000 + i}`,
          type: i % 5 === 0 ? ('final' as const) : ('period' as const),
          status: i % 3 === 0 ? ('paid' as const) : ('due' as const),
          currency: 'EUR',
          periodStart: new Date(base - 31 * DAY - i * 40 * DAY),
          periodEnd: new Date(base - i * 40 * DAY),
          subtotal: 100,
          tax: 0,
          taxRateBps: 0,
          total: 100,
          amountDue: 100,
          lineCount: 0,
          company: null,
          issuedAt,
          dueAt: new Date(issuedAt.getTime() + (i % 2 === 0 ? 14 : 400) * DAY),
        };
      });
      const inserted = await t.database.db.insert(invoices).values(rows).returning({ id: invoices.id });
      ids.push(...inserted.map((r) => r.id));
      // A charge carried by invoice #3, with a source reference of its own.
      const charge = await chargeOf(w, p, 10, { sourceReference: 'order-listed' });
      await t.database.db.update(transactions).set({ invoiceId: ids[3]! }).where(eq(transactions.id, charge));
      t.clock.set('2026-07-01T00:00:00Z');
    });

    const list = async (query: string, project = p) => {
      const res = await w.owner.call('GET', url(`/invoices${query}`, project));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { id: string; number: string; status: string; type: string }[];
        nextPageToken: string | null;
      };
    };

    it('pages newest first by keyset, with no repeats or misses across tied issue times', async () => {
      const seen: string[] = [];
      let token: string | null = null;
      do {
        const page = await list(`?pageSize=4${token ? `&pageToken=${token}` : ''}`);
        seen.push(...page.items.map((i) => i.id));
        token = page.nextPageToken;
      } while (token);
      expect(new Set(seen).size).toBe(25);
      const rows = await invoicesOf(w, p);
      const expected = [...rows]
        .sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((r) => r.id);
      expect(seen).toEqual(expected);
      expect((await w.owner.call('GET', url('/invoices?pageToken=bm9wZQ', p))).statusCode).toBe(400);
    });

    it('filters by number, status (overdue read at the clock), type, charge, source reference and summary', async () => {
      expect((await list('?search=INV-90007')).items.map((i) => i.id)).toEqual([ids[7]]);
      const byStatus = async (status: string) => (await list(`?status=${status}&pageSize=100`)).items;
      const rows = await invoicesOf(w, p);
      const now = t.clock.now().getTime();
      const expected = (status: string) =>
        rows
          .filter((r) =>
            status === 'overdue'
              ? r.status === 'due' && r.dueAt.getTime() < now
              : status === 'due'
                ? r.status === 'due' && r.dueAt.getTime() >= now
                : r.status === status,
          )
          .map((r) => r.id)
          .sort();
      for (const status of ['overdue', 'due', 'paid']) {
        const items = await byStatus(status);
        expect(items.map((i) => i.id).sort(), status).toEqual(expected(status));
        expect(new Set(items.map((i) => i.status)), status).toEqual(new Set(items.length ? [status] : []));
      }
      expect((await byStatus('overdue')).length).toBeGreaterThan(0);
      expect((await byStatus('due')).length).toBeGreaterThan(0);
      expect((await list('?type=final&pageSize=100')).items.map((i) => i.id).sort()).toEqual(
        ids.filter((_, i) => i % 5 === 0).sort(),
      );
      const [line] = await linesOf(w, ids[3]!);
      expect((await list(`?charge=${line!.id}`)).items.map((i) => i.id)).toEqual([ids[3]]);
      expect((await list(`?charge=${line!.id}`, other)).items).toEqual([]);
      expect((await list('?sourceReference=order-listed')).items.map((i) => i.id)).toEqual([ids[3]]);

      const [summary] = await t.database.db
        .insert(summaries)
        .values({
          projectId: p,
          currency: 'EUR',
          periodStart: new Date('2026-06-01T00:00:00Z'),
          periodEnd: new Date('2026-06-02T00:00:00Z'),
          openingBalance: 0,
          charges: 0,
          credits: 0,
          payments: 0,
          refunds: 0,
          adjustments: 0,
          closingBalance: 0,
          transactionCount: 0,
          createdAt: t.clock.now(),
        })
        .returning();
      expect((await list(`?summary=${summary!.id}&pageSize=100`)).items.map((i) => i.id).sort()).toEqual(
        ids.slice(0, 10).sort(),
      );
      // Another project's summary filters nothing in.
      expect((await list(`?summary=${summary!.id}`, other)).items).toEqual([]);
    });

    it("keeps one project's invoices from another: 404 INVOICE_NOT_FOUND", async () => {
      for (const path of [`/invoices/${ids[0]}`, `/invoices/${ids[0]}/payment-attempts`, `/invoices/${UNKNOWN}`]) {
        const res = await w.owner.call('GET', url(path, other));
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' });
      }
      const pay = await w.owner.call('POST', url(`/invoices/${ids[1]}/pay`, other), {});
      expect(pay.statusCode).toBe(404);
      const voided = await w.admin.call('POST', url(`/admin/invoices/${ids[1]}/void`, other), { reason: 'Not yours' });
      expect(voided.statusCode).toBe(404);
      expect((await list('?pageSize=100', other)).items).toEqual([]);
    });
  });

  describe('plan changes', () => {
    it('prorates an upgrade by the days left, and the run bills the plan the month began with', async () => {
      t.clock.set('2026-10-16T10:00:00Z');
      const p = await billedProject(w, 'Upgrade');
      const res = await w.owner.call('PATCH', url('/billing', p), { plan: 'growth' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().plan).toEqual({ code: 'growth', name: 'Growth' });
      // 16 of October's 31 days are left, the 16th included.
      const entries = (await entriesOf(w, p)).map((e) => [e.type, e.amount, e.sourceReference, e.description]);
      expect(entries.sort()).toEqual(
        [
          [
            'credit',
            1_497,
            'plan-change:starter->growth:2026-10-16',
            'Starter plan — 16 unused of 31 days of October 2026',
          ],
          ['charge', -5_110, 'plan-change:starter->growth:2026-10-16', 'Growth plan — 16 of 31 days of October 2026'],
        ].sort(),
      );
      const unknown = await w.owner.call('PATCH', url('/billing', p), { plan: 'platinum' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe('PLAN_NOT_FOUND');

      t.clock.set(RUN_AT);
      await run(w, PERIOD_END);
      const [invoice] = await invoicesOf(w, p);
      const subtotal = STARTER - 1_497 + 5_110;
      expect(invoice).toMatchObject({ subtotal, tax: Math.round(subtotal * 0.21), lineCount: 4 });
      expect((await linesOf(w, invoice!.id)).map((l) => l.sourceReference)).toContain('plan:starter:2026-10');
    });

    it('issues the final invoice at once when a paid plan moves to demo, and the run bills nothing more', async () => {
      t.clock.set('2026-10-01T00:00:00Z');
      const p = await billedProject(w, 'Downgrade', { plan: 'growth', country: 'DE' });
      t.clock.set('2026-10-21T12:00:00Z');
      await chargeOf(w, p, 1_000);
      const res = await w.owner.call('PATCH', url('/billing', p), { plan: 'demo' });
      expect(res.statusCode, res.body).toBe(200);
      const [final, ...none] = await invoicesOf(w, p);
      expect(none).toEqual([]);
      // Growth for October, less its 11 unused days (the 21st to the 31st), and the charge; German VAT.
      const credit = Math.round((9_900 * 11) / 31);
      expect(credit).toBe(3_513);
      const subtotal = 9_900 - credit + 1_000;
      expect(final).toMatchObject({
        type: 'final',
        status: 'due',
        periodStart: new Date('2026-10-01T00:00:00Z'),
        periodEnd: new Date('2026-10-21T12:00:00Z'),
        subtotal,
        taxRateBps: 1900,
        tax: Math.round(subtotal * 0.19),
        lineCount: 4,
        nextAttemptAt: new Date('2026-10-21T12:00:00Z'),
      });
      expect((await linesOf(w, final!.id)).map((l) => l.sourceReference).sort()).toEqual(
        ['order-1000', 'plan-change:growth->demo:2026-10-21', 'plan:growth:2026-10', `tax:${final!.number}`].sort(),
      );
      t.clock.set(RUN_AT);
      await run(w, PERIOD_END);
      expect(await invoicesOf(w, p)).toHaveLength(1);
      expect((await entriesOf(w, p)).filter((e) => e.invoiceId === null)).toEqual([]);
    });
  });
});
