// Accounts benchmark (`npm run bench:accounts`): argon2id hash time, sign-ins per second and bearer
// token verifications per second, each beside a bare Fastify hello-world measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, problemsOf } from './lib/load.mjs';
import { stopAllServers } from './lib/servers.mjs';
import { PASSWORD, adminSession, bearerToken, csrf, startHello, startWharf } from './lib/wharf.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);

/** In-process argon2id with the server's own parameters. */
async function hashTimeMs() {
  const { hashPassword } = await import(path.join(repoRoot, 'apps/server/dist/core/security/passwords.js'));
  await hashPassword('warm-up-password');
  const rounds = 20;
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await hashPassword(`password-${i}`);
  return (performance.now() - start) / rounds;
}

const randomIp = () => `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wharf-bench-accounts-'));
  try {
    const [hello, wharf] = await Promise.all([startHello(), startWharf(dataDir)]);
    const { email, session } = await adminSession(wharf);
    const token = await bearerToken(wharf, session);
    const load = { connections: 10, duration, pipelining: 1 };

    const helloRun = await measure(`${hello.url}/`, load, hello);
    const login = await measure(
      `${wharf.url}/omnis/v3/dashboard/user/login`,
      {
        ...load,
        requests: [
          {
            method: 'POST',
            headers: { ...csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
            // Each sign-in from its own address, as many people signing in would (per-address limits aside).
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }),
          },
        ],
      },
      wharf,
    );
    const verify = await measure(
      `${wharf.url}/v1/auth/token/verify`,
      { ...load, connections: 50, method: 'POST', headers: { authorization: `Bearer ${token}` } },
      wharf,
    );
    const helloAgain = await measure(`${hello.url}/`, { ...load, connections: 50 }, hello);
    const hashMs = await hashTimeMs();

    for (const [name, run] of Object.entries({ login, verify })) {
      const problems = problemsOf(run);
      if (problems.length) throw new Error(`${name}: ${problems.join(', ')} ${JSON.stringify(run.statusCodes)}`);
    }
    const baseline = (helloRun.reqPerSec + helloAgain.reqPerSec) / 2;
    const helloMs = 1000 / baseline;
    const rows = [
      ['hello-world GET / (mean)', baseline.toFixed(0), '1.00', ''],
      [
        'sign-ins (POST .../login)',
        login.reqPerSec.toFixed(1),
        (login.reqPerSec / baseline).toFixed(4),
        `p99 ${login.p99Ms} ms`,
      ],
      [
        'token verifications (POST /v1/auth/token/verify)',
        verify.reqPerSec.toFixed(0),
        (verify.reqPerSec / baseline).toFixed(3),
        `p99 ${verify.p99Ms} ms`,
      ],
    ];
    console.log('\ntarget                                              per second  ratio to hello-world');
    for (const [label, perSecond, ratio, note] of rows)
      console.log(`${label.padEnd(50)}  ${perSecond.padStart(10)}  ${ratio.padStart(8)}  ${note}`);
    console.log(
      `\nargon2id hash (m=19 MiB, t=2, p=1): ${hashMs.toFixed(1)} ms each = ${(hashMs / helloMs).toFixed(0)} hello-world requests' time`,
    );
  } finally {
    await stopAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAllServers();
  process.exit(1);
});
