// Access-control benchmark (`npm run bench:enforce`): POST /v1/enforcer/enforce with the 10-second
// decision cache (the normal case) and with it off (every decision read from the roles), each beside a
// bare Fastify hello-world measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, problemsOf } from './lib/load.mjs';
import { stopAllServers } from './lib/servers.mjs';
import { adminSession, bearerToken, csrf, startHello, startWharf } from './lib/wharf.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const load = { connections: 50, duration, pipelining: 1 };

/** A project owned by the first admin, and the enforce request that asks about them. */
async function enforceRequest(wharf) {
  const { session } = await adminSession(wharf);
  const token = await bearerToken(wharf, session);
  const me = await (
    await fetch(`${wharf.url}/omnis/v3/dashboard/user`, { headers: { cookie: `${csrf.cookie}; ${session}` } })
  ).json();
  const project = await (
    await fetch(`${wharf.url}/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', organisationName: 'Bench Org' }),
    })
  ).json();
  return {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      project: project.id,
      user: me.id,
      permissions: ['projects.read', 'billing.read', 'members.manage'],
    }),
  };
}

async function main() {
  const dirs = [
    mkdtempSync(path.join(os.tmpdir(), 'wharf-bench-enforce-')),
    mkdtempSync(path.join(os.tmpdir(), 'wharf-bench-enforce-')),
  ];
  try {
    const [hello, cached, uncached] = await Promise.all([
      startHello(),
      startWharf(dirs[0]),
      startWharf(dirs[1], { PERMISSION_CACHE_MS: '0' }),
    ]);
    const runs = {
      hello1: await measure(`${hello.url}/`, load, hello),
      cached: await measure(
        `${cached.url}/v1/enforcer/enforce`,
        { ...load, ...(await enforceRequest(cached)) },
        cached,
      ),
      uncached: await measure(
        `${uncached.url}/v1/enforcer/enforce`,
        { ...load, ...(await enforceRequest(uncached)) },
        uncached,
      ),
      hello2: await measure(`${hello.url}/`, load, hello),
    };
    for (const [name, run] of Object.entries(runs)) {
      const problems = problemsOf(run);
      if (problems.length) throw new Error(`${name}: ${problems.join(', ')} ${JSON.stringify(run.statusCodes)}`);
    }
    const baseline = (runs.hello1.reqPerSec + runs.hello2.reqPerSec) / 2;
    console.log('\ntarget                                   req/s    p99 ms  ratio to hello-world');
    const row = (label, run) =>
      console.log(
        `${label.padEnd(38)} ${run.reqPerSec.toFixed(0).padStart(7)}  ${String(run.p99Ms).padStart(7)}  ${(run.reqPerSec / baseline).toFixed(3).padStart(8)}`,
      );
    row('hello-world GET / (mean)', {
      reqPerSec: baseline,
      p99Ms: Math.round((runs.hello1.p99Ms + runs.hello2.p99Ms) / 2),
    });
    row('enforce, cached (10 s)', runs.cached);
    row('enforce, uncached (roles read)', runs.uncached);
  } finally {
    await stopAllServers();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAllServers();
  process.exit(1);
});
