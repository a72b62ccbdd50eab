/**
 * Does the storefront's order export keep its memory flat (issue 22; Medusa's order export freezes
 * its server: medusa #6365)? Bulk-inserts BENCH_SMALL orders (default 1,000) in one project and
 * BENCH_ROWS (default 1,000,000) in another, on PGlite in memory or on the PostgreSQL server of
 * DATABASE_URL (a scratch database, dropped after), then runs the `storefront.export` job for each —
 * the real job: keyset batches, progress updates, CSV streamed into the drive's `saveGenerated` on the
 * local object store in a temporary folder — sampling the process's memory every 50 ms. Streaming
 * shows as the large export peaking where the small one does: the ratio of peak RSS (goal ≤ 1.5).
 * The file is read back and its records counted, so a fast wrong answer does not pass.
 *
 *   npx tsx bench/storefront-export.ts
 *   BENCH_ROWS=200000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/storefront-export.ts
 *
 * Not part of `npm test`: it takes minutes and measures the machine as much as the code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The workspace packages resolve to their TypeScript sources under the `source` condition, which
// tsx alone does not set: run again under node with it (and tsx as the loader). --expose-gc lets each
// measurement start from a collected heap.
// The V8 flags `npm start` runs the server with (package.json): the export is measured as it runs
// there. BENCH_NODE_FLAGS='' measures V8's defaults instead (the old generation then grows to about
// four times the live heap before a full collection: a ratio near 2).
const SERVER_NODE_FLAGS = '--heap-growing-percent=50';
if (!process.env.WHARF_BENCH_CHILD) {
  const run = spawnSync(
    process.execPath,
    [
      '--conditions=source',
      '--expose-gc',
      ...(process.env.BENCH_NODE_FLAGS ?? SERVER_NODE_FLAGS).split(' ').filter(Boolean),
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
    ],
    { stdio: 'inherit', env: { ...process.env, WHARF_BENCH_CHILD: '1' } },
  );
  process.exit(run.status ?? 1);
}

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const GOAL = 1.5;
const SLICE = 100_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const { eq, sql } = await import('drizzle-orm');
const { createTestDatabase } = await import('../apps/server/src/test/database.js');
const { firstStart } = await import('../apps/server/src/modules/accounts/first-start.js');
const { insertUser } = await import('../apps/server/src/modules/accounts/testing.js');
const { insertOrganisation, insertProject } = await import('../apps/server/src/modules/projects/testing.js');
const { allPlatforms } = await import('../apps/server/src/modules/platform/testing.js');
const { storefrontCustomers, storefrontExports, storefrontOrders, storefrontShops } =
  await import('../apps/server/src/modules/storefront/schema.js');
const { runExport, exportFileName } = await import('../apps/server/src/modules/storefront/exports/export-job.js');
const { saveGenerated } = await import('../apps/server/src/modules/drive/generated-files.js');
const { findFileRow } = await import('../apps/server/src/modules/drive/files.js');
const { LocalObjectStore } = await import('../apps/server/src/core/storage/local-store.js');
const { NotificationService } = await import('../apps/server/src/modules/notifications/service.js');
const { JobQueue } = await import('../apps/server/src/core/jobs/queue.js');
const { systemClock } = await import('../apps/server/src/core/clock.js');

const database = await createTestDatabase();
const { db } = database;
const dir = await mkdtemp(path.join(tmpdir(), 'wharf-bench-export-'));
const store = new LocalObjectStore(dir);
const clock = systemClock;

await firstStart(db, clock, {
  platformName: 'Bench',
  adminEmail: 'admin@bench.local',
  publicUrl: 'http://localhost:3000',
});
const platform = (await allPlatforms(db)).find((p) => p.isDefault)!;
const user = await insertUser(db, { email: 'owner@bench.local' });

async function projectWith(rows: number, name: string): Promise<string> {
  const org = await insertOrganisation(db, { platformId: platform.id, name });
  const project = (await insertProject(db, { platformId: platform.id, organisationId: org.id, name })).id;
  const at = new Date('2025-01-01T00:00:00Z');
  await db.insert(storefrontShops).values({ projectId: project, currency: 'EUR' });
  const [customer] = await db
    .insert(storefrontCustomers)
    .values({
      projectId: project,
      email: 'buyer@bench.local',
      name: 'Buyer',
      firstPurchasedAt: at,
      lastPurchasedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const started = performance.now();
  for (let offset = 0; offset < rows; offset += SLICE) {
    const count = Math.min(SLICE, rows - offset);
    // Names that need quoting and defusing, so the formatter does its whole job on every row.
    await db.execute(sql`
      insert into ${storefrontOrders} (project_id, number, source, status, customer_id, customer_email, customer_name,
        currency, subtotal, shipping, tax, discount, total, item_count, placed_at, paid_at, updated_at)
      select ${project}::uuid, ${offset}::int + g, 'web', 'paid', ${customer!.id}::uuid, 'buyer' || g || '@bench.local',
        case when g % 10 = 0 then '=Buyer, "' || g || '"' else 'Buyer ' || g end,
        'EUR', 1000 + g, 250, 200, 0, 1450 + g, 1 + g % 3,
        ${at.toISOString()}::timestamptz + (${offset}::int + g) * interval '1 second',
        ${at.toISOString()}::timestamptz + (${offset}::int + g) * interval '1 second' + interval '5 minutes',
        ${at.toISOString()}::timestamptz
      from generate_series(0, ${count - 1}::int) as g`);
  }
  await db.execute(sql`analyze ${storefrontOrders}`);
  console.log(`inserted ${rows.toLocaleString('en')} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return project;
}

interface Sample {
  rss: number;
  heap: number;
}

async function measure(projectId: string, expected: number) {
  const [row] = await db
    .insert(storefrontExports)
    .values({
      projectId,
      kind: 'orders',
      filters: { start: '2024-01-01T00:00:00Z' },
      status: 'queued',
      fileName: exportFileName('orders', clock.now()),
      requestedBy: user.id,
      createdAt: clock.now(),
    })
    .returning();
  const deps = {
    db,
    clock,
    saveGenerated: (file: Parameters<typeof saveGenerated>[1], body: Parameters<typeof saveGenerated>[2]) =>
      saveGenerated({ db, clock, storage: store, hasDrive: async () => true }, file, body),
    notifications: new NotificationService({ clock, jobs: new JobQueue(db, clock, { pollMs: 0 }) }),
  };
  (globalThis as { gc?: () => void }).gc?.();
  const samples: Sample[] = [];
  const sample = () => {
    const m = process.memoryUsage();
    samples.push({ rss: m.rss, heap: m.heapUsed });
  };
  sample();
  const timer = setInterval(sample, 50);
  const started = performance.now();
  await runExport(deps, row!.id);
  clearInterval(timer);
  sample();
  const seconds = (performance.now() - started) / 1000;
  const [done] = await db.select().from(storefrontExports).where(eq(storefrontExports.id, row!.id));
  if (done!.status !== 'done') throw new Error(`export ${done!.status}: ${done!.failure}`);
  if (done!.rows !== expected) throw new Error(`exported ${done!.rows} rows, expected ${expected}`);
  // Read back: one header and `expected` records (each ends in CRLF; names hold no line breaks).
  const file = (await findFileRow(db, projectId, done!.fileId!))!;
  let records = 0;
  for await (const chunk of await store.get(file.objectKey!)) {
    for (let i = (chunk as Buffer).indexOf(10); i !== -1; i = (chunk as Buffer).indexOf(10, i + 1)) records += 1;
  }
  if (records !== expected + 1) throw new Error(`the file holds ${records - 1} records, expected ${expected}`);
  const peakRss = Math.max(...samples.map((s) => s.rss));
  const peakHeap = Math.max(...samples.map((s) => s.heap));
  console.log(
    `${expected.toLocaleString('en')} rows: ${Math.round(expected / seconds).toLocaleString('en')} rows/s, ${mb(file.size)} of CSV in ${seconds.toFixed(1)} s; ` +
      `RSS ${mb(samples[0]!.rss)} at start, peak ${mb(peakRss)}; heap ${mb(samples[0]!.heap)} at start, peak ${mb(peakHeap)}`,
  );
  return { peakRss, peakHeap, growth: peakRss - samples[0]!.rss };
}

try {
  console.log(`database: ${database.kind}; ${SMALL.toLocaleString('en')} orders against ${ROWS.toLocaleString('en')}`);
  const small = await projectWith(SMALL, 'Bench small');
  const large = await projectWith(ROWS, 'Bench large');
  const a = await measure(small, SMALL);
  const b = await measure(large, ROWS);
  const ratio = b.peakRss / a.peakRss;
  // On PGlite the database lives in this process: its memory (gigabytes for a million rows) is in
  // both peaks, so the growth above each export's start is printed too. On PostgreSQL the RSS is
  // the export's own.
  console.log(
    `peak RSS ratio (${ROWS.toLocaleString('en')} / ${SMALL.toLocaleString('en')}): ${ratio.toFixed(2)} — goal ≤ ${GOAL}: ${ratio <= GOAL ? 'met' : 'NOT MET'}; ` +
      `peak heap ratio ${(b.peakHeap / a.peakHeap).toFixed(2)}; RSS growth during the export ${mb(a.growth)} against ${mb(b.growth)}`,
  );
  if (process.env.BENCH_STRICT === '1' && ratio > GOAL) process.exitCode = 1;
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
