/**
 * Does the transaction export stream? Bulk-inserts N ledger rows (BENCH_ROWS, default 1,000,000)
 * on PGlite in memory or on the PostgreSQL server of DATABASE_URL (a scratch database, dropped
 * after), streams the CSV export of them into a Writable that discards it, and samples the
 * process's memory every 50 ms. Streaming shows as flat memory: RSS barely grows between 10% and
 * 100% of the rows, and N rows peak where N/10 do.
 *
 *   npx tsx bench/billing-export.ts
 *   BENCH_ROWS=100000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/billing-export.ts
 */
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

// The workspace packages resolve to their TypeScript sources under the `source` condition, which
// tsx alone does not set: run again under node with it (and tsx as the loader).
if (!process.env.WHARF_BENCH_CHILD) {
  const run = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, WHARF_BENCH_CHILD: '1' },
  });
  process.exit(run.status ?? 1);
}

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SLICE = 100_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const { eq } = await import('drizzle-orm');
const { createTestDatabase } = await import('../apps/server/src/test/database.js');
const { bulkTransactions } = await import('../apps/server/src/test/billing-documents.js');
const { firstStart } = await import('../apps/server/src/modules/accounts/first-start.js');
const { insertOrganisation, insertProject } = await import('../apps/server/src/modules/projects/testing.js');
const { allPlatforms } = await import('../apps/server/src/modules/platform/testing.js');
const { transactions } = await import('../apps/server/src/modules/billing/schema.js');
const { transactionsCsv } = await import('../apps/server/src/modules/billing/documents/exports.js');
const { systemClock } = await import('../apps/server/src/core/clock.js');

const database = await createTestDatabase();
const { db } = database;

async function projectWith(rows: number, name: string): Promise<string> {
  await firstStart(db, systemClock, {
    platformName: 'Bench',
    adminEmail: 'admin@bench.local',
    publicUrl: 'http://localhost:3000',
  });
  const platform = (await allPlatforms(db)).find((p) => p.isDefault);
  const org = await insertOrganisation(db, { platformId: platform!.id, name });
  const project = await insertProject(db, { platformId: platform!.id, organisationId: org.id, name });
  const started = performance.now();
  for (let offset = 0; offset < rows; offset += SLICE) {
    await bulkTransactions(db, project.id, Math.min(SLICE, rows - offset), { offset });
  }
  console.log(`inserted ${rows.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return project.id;
}

interface Sample {
  rows: number;
  rss: number;
  heap: number;
}

async function measure(projectId: string, expected: number) {
  let rows = -1; // the header is a record too
  let bytes = 0;
  const samples: Sample[] = [];
  const sample = () => {
    const m = process.memoryUsage();
    samples.push({ rows: Math.max(rows, 0), rss: m.rss, heap: m.heapUsed });
  };
  sample();
  const timer = setInterval(sample, 50);
  const started = performance.now();
  await pipeline(
    transactionsCsv(db, { where: eq(transactions.projectId, projectId) }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows += 1;
        done();
      },
    }),
  );
  clearInterval(timer);
  sample();
  const seconds = (performance.now() - started) / 1000;
  if (rows !== expected) throw new Error(`exported ${rows} rows, expected ${expected}`);
  const at = (share: number) => samples.find((s) => s.rows >= expected * share) ?? samples.at(-1)!;
  const peakRss = Math.max(...samples.map((s) => s.rss));
  const peakHeap = Math.max(...samples.map((s) => s.heap));
  const growth = at(1).rss - at(0.1).rss;
  console.log(
    `${expected.toLocaleString('en')} rows: ${Math.round(rows / seconds).toLocaleString('en')} rows/s, ${mb(bytes)} of CSV in ${seconds.toFixed(1)} s; ` +
      `RSS ${mb(samples[0]!.rss)} at start, peak ${mb(peakRss)}, growth 10%→100% ${mb(growth)}; peak heap ${mb(peakHeap)}`,
  );
  return { peakRss, growth };
}

console.log(
  `database: ${database.kind}; ${ROWS.toLocaleString('en')} rows and ${(ROWS / 10).toLocaleString('en')} for comparison`,
);
const tenth = await projectWith(Math.round(ROWS / 10), 'Bench tenth');
const full = await projectWith(ROWS, 'Bench full');
const small = await measure(tenth, Math.round(ROWS / 10));
const large = await measure(full, ROWS);
console.log(`peak RSS ratio (N / N/10): ${(large.peakRss / small.peakRss).toFixed(2)} (≈ 1 when streaming)`);
await database.close();
