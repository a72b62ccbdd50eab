import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOfQueue } from '../../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import {
  addCard,
  billedProject,
  chargeOf,
  invoicesOf,
  invoiceWorld,
  run,
  type InvoiceWorld,
} from '../../../test/invoices.js';
import { INVOICE_COLLECTION_QUEUE, INVOICE_RUN_QUEUE, scheduleInvoiceJobs } from './invoice-run.js';
import { invoices, transactions } from '../schema.js';

const OCTOBER = '2026-10-10T10:00:00Z';
const PERIOD_END = '2026-11-01T00:00:00.000Z';
const RUN_AT = '2026-11-01T03:00:00Z';

/** Every invoice number of the platform, in order: gapless means exactly 1..n. */
async function sequences(t: TestApp) {
  const rows = await t.database.db.select({ sequence: invoices.sequence }).from(invoices).orderBy(invoices.sequence);
  return rows.map((r) => r.sequence);
}
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Projects charged in October, sorted by id: the order the run takes them in. */
async function chargedProjects(w: InvoiceWorld, prefix: string, count: number) {
  w.t.clock.set(OCTOBER);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = await billedProject(w, `${prefix} ${i}`);
    await chargeOf(w, p, 100 * (i + 1));
    ids.push(p);
  }
  w.t.clock.set(RUN_AT);
  return ids.sort();
}

describe('the invoice run: numbering and concurrency', () => {
  let t: TestApp;
  let w: InvoiceWorld;

  beforeAll(async () => {
    t = await createStartedTestApp();
    w = await invoiceWorld(t);
  });
  afterAll(() => t.close());

  it("keeps numbers gapless when one project's invoice fails mid-run: the next project gets its number", async () => {
    const [failing, next] = (await chargedProjects(w, 'Numbered', 3)) as [string, string, string];
    // The first project's transaction fails after it has taken its number (a trigger on the insert).
    await t.database.db.execute(
      sql.raw(`create function fail_invoice() returns trigger language plpgsql as $$
        begin raise exception 'forced failure'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger fail_invoice before insert on billing_invoices for each row
        when (new.project_id = '${failing}') execute function fail_invoice()`),
    );
    const first = await run(w, PERIOD_END);
    expect(first.failed).toEqual([failing]);
    expect(first.invoices).toBe(2);
    // Its number went to the project after it; nothing of it was kept (its plan fee rolled back too).
    expect(await sequences(t)).toEqual([1, 2]);
    expect((await invoicesOf(w, next))[0]!.number).toBe('INV-000001');
    const failed = await t.database.db.select().from(transactions).where(eq(transactions.projectId, failing));
    expect(failed.map((x) => [x.integration, x.invoiceId])).toEqual([['gfn', null]]);

    await t.database.db.execute(sql.raw('drop trigger fail_invoice on billing_invoices'));
    await t.database.db.execute(sql.raw('drop function fail_invoice()'));
    const second = await run(w, PERIOD_END);
    expect(second).toMatchObject({ invoices: 1, failed: [] });
    expect((await invoicesOf(w, failing))[0]!.number).toBe('INV-000003');
    expect(await sequences(t)).toEqual(oneToN(3));
  });

  it('never invoices a project twice when two runs of a period race (PostgreSQL runs them in parallel)', async () => {
    const projects = await chargedProjects(w, 'Raced', 5);
    const before = (await sequences(t)).length;
    const [a, b] = await Promise.all([run(w, PERIOD_END), run(w, PERIOD_END)]);
    expect(a.failed).toEqual([]);
    expect(b.failed).toEqual([]);
    for (const p of projects) expect(await invoicesOf(w, p), p).toHaveLength(1);
    const after = await sequences(t);
    expect(after).toEqual(oneToN(after.length));
    expect(a.invoices + b.invoices).toBe(after.length - before);
    // Every line is on one invoice, and each invoice counts exactly its lines.
    const counts = await t.database.db
      .select({ id: invoices.id, lineCount: invoices.lineCount, lines: sql<string>`count(${transactions.id})` })
      .from(invoices)
      .leftJoin(transactions, eq(transactions.invoiceId, invoices.id))
      .where(inArray(invoices.projectId, projects))
      .groupBy(invoices.id);
    for (const row of counts) expect(Number(row.lines)).toBe(row.lineCount);
  });
});

describe('the scheduled jobs', () => {
  let t: TestApp;
  let w: InvoiceWorld;
  const pending = (queue: string) => jobsOfQueue(t.database.db, queue, { state: 'queued' });

  beforeAll(async () => {
    // The app schedules both jobs when it starts, at the test clock's 2026-01-15 12:00.
    t = await createStartedTestApp();
    w = await invoiceWorld(t);
  });
  afterAll(() => t.close());

  it('waits with one run for the start of next month and one collector an hour out, however often scheduled', async () => {
    await scheduleInvoiceJobs(t.app.services.jobs, t.clock);
    const [runJob, ...moreRuns] = await pending(INVOICE_RUN_QUEUE);
    expect(moreRuns).toEqual([]);
    expect(runJob).toMatchObject({
      runAt: new Date('2026-02-01T00:00:00Z'),
      payload: { periodEnd: '2026-02-01T00:00:00.000Z' },
    });
    const [collector, ...moreCollectors] = await pending(INVOICE_COLLECTION_QUEUE);
    expect(moreCollectors).toEqual([]);
    expect(collector!.runAt).toEqual(new Date('2026-01-15T13:00:00Z'));
  });

  it('runs the month just ended once the clock passes its start, and schedules the next; the collector retries', async () => {
    t.clock.set('2026-01-20T10:00:00Z');
    const p = await billedProject(w, 'Scheduled');
    await addCard(w, p, 'declinesCharges');
    await chargeOf(w, p, 1_000);
    t.clock.set('2026-01-31T23:00:00Z');
    await t.app.services.jobs.runDue();
    expect(await invoicesOf(w, p)).toEqual([]);

    t.clock.set('2026-02-01T00:00:01Z');
    await t.app.services.jobs.runDue();
    const [invoice] = await invoicesOf(w, p);
    expect(invoice).toMatchObject({
      periodStart: new Date('2026-01-01T00:00:00Z'),
      status: 'failed',
      attemptCount: 1,
    });
    expect((await pending(INVOICE_RUN_QUEUE)).map((j) => j.payload)).toEqual([
      { periodEnd: '2026-03-01T00:00:00.000Z' },
    ]);

    // The hourly collector makes the first retry two days after issue.
    t.clock.set(new Date(invoice!.nextAttemptAt!.getTime() + 60 * 60 * 1000));
    await t.app.services.jobs.runDue();
    expect((await invoicesOf(w, p))[0]!.attemptCount).toBe(2);
    const collectors = await pending(INVOICE_COLLECTION_QUEUE);
    expect(collectors).toHaveLength(1);
    expect(collectors[0]!.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});
