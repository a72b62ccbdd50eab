/**
 * Invoices at volume, straight against the server's own code (no HTTP):
 *  1. listInvoices on a project with BENCH_INVOICES invoices (default 100,000): page 1 against page
 *     500 (reached by following the page tokens). Keyset paging makes the ratio near 1.
 *  2. One invoice run over BENCH_PROJECTS projects (default 10,000), each with three confirmed
 *     entries last month: seconds taken and peak RSS (sampled every 50 ms).
 *
 * PGlite in memory, or a scratch database on the PostgreSQL server of DATABASE_URL (dropped after).
 *   node --conditions=source --import tsx bench/billing-invoices.ts
 *   BENCH_INVOICES=5000 BENCH_PROJECTS=300 node --conditions=source --import tsx bench/billing-invoices.ts
 */
import { sql } from 'drizzle-orm';
import { createTestClock } from '../apps/server/src/core/clock.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/core/db/database.js';
import { SandboxGateway } from '../apps/server/src/modules/billing/gateway/sandbox.js';
import { runInvoicesForPeriod } from '../apps/server/src/modules/billing/invoices/invoice-run.js';
import { listInvoices } from '../apps/server/src/modules/billing/invoices/invoices.js';
import { firstStart } from '../apps/server/src/modules/accounts/first-start.js';
import { createScratchPostgresDatabase } from '../apps/server/src/test/database.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10_000);
const PAGE_SIZE = 20;
const FAR_PAGE = Math.min(500, Math.floor(INVOICES / PAGE_SIZE));
const REPEATS = 20;

const company = JSON.stringify({
  legalName: 'Bench B.V.',
  address: { line1: 'Kade 1', city: 'Amsterdam', postalCode: '1011 AA', country: 'NL' },
  billingEmail: 'bench@example.com',
});

async function open(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { handle, drop: async () => undefined };
  }
  const scratch = await createScratchPostgresDatabase(url);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  await handle.migrate();
  return { handle, drop: scratch.drop };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

const { handle, drop } = await open();
const { db } = handle;
const clock = createTestClock('2026-11-01T03:00:00Z');
try {
  await firstStart(db, clock, {
    platformName: 'Bench',
    adminEmail: 'admin@bench.local',
    publicUrl: 'http://localhost:3000',
  });
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const [platform] = rows(await db.execute(sql`select id from platforms limit 1`));
  const platformId = platform!.id as string;
  const [org] = rows(
    await db.execute(sql`insert into organisations (platform_id, name) values (${platformId}, 'Bench') returning id`),
  );
  const orgId = org!.id as string;

  // 1. Listing: one project, INVOICES invoices, issue times in threes (ties across page boundaries).
  const [listed] = rows(
    await db.execute(
      sql`insert into projects (platform_id, organisation_id, name) values (${platformId}, ${orgId}, 'Listed') returning id`,
    ),
  );
  const projectId = listed!.id as string;
  let insert = await timed(() =>
    db.execute(sql`
      insert into billing_invoices (project_id, platform_id, sequence, number, type, status, currency,
        period_start, period_end, subtotal, tax, tax_rate_bps, total, amount_due, amount_paid, line_count,
        issued_at, due_at)
      select ${projectId}, ${platformId}, 1000000 + g, 'INV-' || (1000000 + g), 'final', 'paid', 'EUR',
        timestamptz '2026-01-01' - g * interval '1 hour', timestamptz '2026-01-01' - g * interval '1 hour' + interval '1 day',
        1000, 210, 2100, 1210, 0, 1210, 2,
        timestamptz '2026-10-01' - (g / 3) * interval '1 minute', timestamptz '2026-10-15' - (g / 3) * interval '1 minute'
      from generate_series(1, ${INVOICES}) g`),
  );
  console.log(`inserted ${INVOICES} invoices in ${(insert.ms / 1000).toFixed(1)} s`);
  await db.execute(sql`analyze billing_invoices`);

  const now = clock.now();
  const firstTimes: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    firstTimes.push((await timed(() => listInvoices(db, projectId, { pageSize: PAGE_SIZE }, now))).ms);
  }
  let token: string | null = null;
  for (let pageNo = 1; pageNo < FAR_PAGE; pageNo++) {
    const page = await listInvoices(db, projectId, { pageSize: PAGE_SIZE, pageToken: token ?? undefined }, now);
    token = page.nextPageToken;
  }
  const farTimes: number[] = [];
  let farItems = 0;
  for (let i = 0; i < REPEATS; i++) {
    const { ms, value } = await timed(() =>
      listInvoices(db, projectId, { pageSize: PAGE_SIZE, pageToken: token ?? undefined }, now),
    );
    farTimes.push(ms);
    farItems = value.items.length;
  }
  const [first, far] = [median(firstTimes), median(farTimes)];
  console.log(
    `listInvoices (${PAGE_SIZE} a page, median of ${REPEATS}): page 1 ${first.toFixed(2)} ms, page ${FAR_PAGE} ${far.toFixed(2)} ms (${farItems} items), ratio ${(far / first).toFixed(2)}`,
  );

  // 2. The run: PROJECTS projects with company details, a wallet and three confirmed October entries each.
  insert = await timed(async () => {
    await db.execute(sql`
      insert into projects (platform_id, organisation_id, name)
      select ${platformId}, ${orgId}, 'Run ' || g from generate_series(1, ${PROJECTS}) g`);
    await db.execute(sql`
      insert into billing_accounts (project_id, company, currency, credit_limit, updated_at)
      select id, ${company}::jsonb, 'EUR', 1000000, now() from projects where name like 'Run %'`);
    await db.execute(sql`
      insert into billing_wallets (project_id, currency, balance, created_at, updated_at)
      select id, 'EUR', -600, now(), now() from projects where name like 'Run %'`);
    await db.execute(sql`
      insert into billing_transactions (project_id, wallet_id, type, status, amount, currency, integration,
        source_reference, created_at, confirmed_at)
      select w.project_id, w.id, 'charge', 'confirmed', -100 * k, 'EUR', 'bench', 'order-' || k,
        timestamptz '2026-10-10' + k * interval '1 hour', timestamptz '2026-10-10' + k * interval '1 hour'
      from billing_wallets w cross join generate_series(1, 3) k
      where w.project_id in (select id from projects where name like 'Run %')`);
    await db.execute(sql`analyze`);
  });
  console.log(`inserted ${PROJECTS} projects with 3 entries each in ${(insert.ms / 1000).toFixed(1)} s`);

  let peak = process.memoryUsage().rss;
  const startRss = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const gateway = new SandboxGateway(clock);
  const runTimed = await timed(() => runInvoicesForPeriod(db, gateway, clock, new Date('2026-11-01T00:00:00Z')));
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `invoice run: ${runTimed.value.projects} projects, ${runTimed.value.invoices} invoices, ${runTimed.value.failed.length} failed, ` +
      `${(runTimed.ms / 1000).toFixed(1)} s (${((runTimed.ms / Math.max(1, runTimed.value.projects)) * 1000).toFixed(0)} µs a project), ` +
      `RSS ${mb(startRss)} MB at start, peak ${mb(peak)} MB`,
  );
} finally {
  await handle.close();
  await drop();
}
