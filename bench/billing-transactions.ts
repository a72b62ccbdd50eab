/**
 * Ledger writes per second: confirmed charges through `POST /v1/billing/transactions` (app.inject,
 * the whole HTTP path in-process: bearer token, permission check, validation, the ledger's locks and
 * the audit entry), first all on one project's wallet, then spread over 20 projects. Every charge on
 * a wallet takes its row FOR UPDATE, so on one wallet they queue; the ratio many/one shows what that
 * lock costs. On PGlite (the default) every transaction runs one at a time anyway, so the ratio stays
 * near 1 there; DATABASE_URL (a PostgreSQL server; a scratch database is made and dropped) runs them
 * in parallel.
 *
 *   npx tsx bench/billing-transactions.ts
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=8 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/billing-transactions.ts
 */
import { spawnSync } from 'node:child_process';
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MANY = 20;

const { createStartedTestApp } = await import('../apps/server/src/test/app.js');
const { billingUrl, callerFor, charge, company } = await import('../apps/server/src/test/billing.js');
const { bearerUser, createProjectAs } = await import('../apps/server/src/test/projects.js');
const { makeAdmin } = await import('../apps/server/src/modules/accounts/testing.js');

const t = await createStartedTestApp();
try {
  const owner = await bearerUser(t, 'bench.owner@example.com');
  const adminUser = await bearerUser(t, 'bench.admin@example.com');
  await makeAdmin(t.database.db, { id: adminUser.user.id });
  const admin = await callerFor(t, adminUser.user.id);

  async function billedProject(name: string): Promise<string> {
    const p = (await createProjectAs(owner, name)).id;
    const set = await owner.call('PATCH', billingUrl('/billing', p), { company });
    if (set.statusCode !== 200) throw new Error(`company not set: ${set.body}`);
    // High enough that no charge of the run is refused for want of balance.
    const limit = await admin.call('PATCH', billingUrl('/admin', p), { creditLimit: 100_000_000_000 });
    if (limit.statusCode !== 200) throw new Error(`credit limit not set: ${limit.body}`);
    return p;
  }

  const one = [await billedProject('Bench one')];
  const many: string[] = [];
  for (let i = 0; i < MANY; i++) many.push(await billedProject(`Bench many ${i + 1}`));

  /** C workers, each posting one charge after another for `seconds`, round-robin over the projects. */
  async function run(label: string, projects: string[], seconds: number) {
    let ok = 0;
    const failures = new Map<number, number>();
    let sequence = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let i = worker; performance.now() < deadline; i += CONCURRENCY) {
          const p = projects[i % projects.length]!;
          const n = sequence++;
          const res = await owner.call(
            'POST',
            billingUrl('/transactions', p),
            charge(1, { sourceReference: `bench-${n}` }),
          );
          if (res.statusCode === 201) ok++;
          else failures.set(res.statusCode, (failures.get(res.statusCode) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const tps = ok / elapsed;
    const failed = [...failures].map(([status, count]) => `${count}×${status}`).join(', ');
    console.log(
      `${label.padEnd(22)} ${tps.toFixed(1).padStart(8)} transactions/s  (${ok} in ${elapsed.toFixed(1)} s${failed ? `; failed ${failed}` : ''})`,
    );
    return tps;
  }

  console.log(
    `POST /v1/billing/transactions, confirmed charges, ${SECONDS} s each, concurrency ${CONCURRENCY}, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}`,
  );
  // A short warm-up so the first run does not pay for JIT and the first statements' planning.
  await run('warm-up', many, Math.min(2, SECONDS));
  const single = await run('1 project', one, SECONDS);
  const spread = await run(`${MANY} projects`, many, SECONDS);
  console.log(`ratio ${MANY} projects / 1 project: ${(spread / single).toFixed(2)}`);
} finally {
  await t.close();
}
