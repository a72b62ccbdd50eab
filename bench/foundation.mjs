// Foundation benchmark (`npm run bench`): Wharf against a bare Fastify hello-world, in the same
// run on the same machine. The machine is shared and noisy, so absolute figures drift from run to
// run; the ratio Wharf / hello-world is what we compare over time.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PAGE_JS_BUDGET_BYTES, GZIP_LEVEL, firstPageJs } from './lib/first-page-js.mjs';
import { WARMUP_SECONDS, measureAloud } from './lib/load.mjs';
import {
  baselineOf,
  crashesOf,
  describeRun,
  fixed,
  loadSettings,
  machine,
  ms,
  noisyBaselineWarning,
  problemsOfRuns,
  runBench,
  table,
  writeResults,
} from './lib/report.mjs';
import { freePort, startServer, stopAllServers } from './lib/servers.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const HOST = '127.0.0.1';
/** GET /omnis/v3/platform is a cached look-up, so it should cost at most twice a hello-world. */
const PLATFORM_TARGET_RATIO = 0.5;

function readSettings(env) {
  return {
    load: loadSettings(env),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    // Off by default: a missed target on a shared machine is a finding to read, not a broken build.
    strict: env.BENCH_STRICT === '1',
  };
}

async function startHelloWorld() {
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}`;
  const env = { ...process.env, HOST, PORT: String(port) };
  const server = await startServer({
    name: 'hello-world',
    script: path.join(benchDir, 'hello-world.mjs'),
    env,
    readyUrl: `${url}/`,
  });
  return { ...server, url };
}

async function startWharf(webDistDir, dataDir) {
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}`;
  const env = {
    ...process.env,
    HOST,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    // warn, not info: one log line per request would measure the logger, not the server.
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDistDir,
  };
  // Always the embedded database in a fresh folder: a bench must not write to a real PostgreSQL.
  delete env.DATABASE_URL;
  const script = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(script)) throw new Error(`${script} is missing: build the server first (npx tsc -b apps/server)`);
  const server = await startServer({ name: 'wharf', script, env, readyUrl: `${url}/healthz` });
  return { ...server, url };
}

/** Interleaved (hello, Wharf, hello) so a change in the machine's load hits both sides alike. */
function plan(hello, wharf, hasWeb) {
  return [
    { key: 'hello1', label: 'hello-world GET / (1st)', server: hello, path: '/' },
    { key: 'platform', label: 'wharf GET /omnis/v3/platform', server: wharf, path: '/omnis/v3/platform' },
    ...(hasWeb ? [{ key: 'page', label: 'wharf GET /', server: wharf, path: '/' }] : []),
    { key: 'hello2', label: 'hello-world GET / (2nd)', server: hello, path: '/' },
  ];
}

async function runPlan(steps, load) {
  const runs = {};
  for (const step of steps) {
    runs[step.key] = await measureAloud(step.label, `${step.server.url}${step.path}`, load, step.server);
  }
  return runs;
}

/**
 * Two ratios, both "Wharf as a fraction of hello-world", higher is better: requests/s (the target),
 * and hello-world's server CPU per request over Wharf's, which neighbours' load barely moves.
 */
function ratiosOf(runs, baseline) {
  const ratios = {};
  const cpuRatios = {};
  for (const key of ['platform', 'page']) {
    const run = runs[key];
    if (!run) continue;
    ratios[key] = run.reqPerSec / baseline.reqPerSec;
    cpuRatios[key] =
      run.cpuUsPerRequest && baseline.cpuUsPerRequest ? baseline.cpuUsPerRequest / run.cpuUsPerRequest : null;
  }
  return { ratios, cpuRatios };
}

function loadTable(rows) {
  const header = ['target', 'req/s', 'p99 ms', 'ratio to hello-world', 'server CPU us/req', 'CPU ratio'];
  const body = rows.map((r) => [
    r.label,
    fixed(r.reqPerSec, 0),
    ms(r.p99Ms),
    fixed(r.ratio, 2),
    fixed(r.cpuUsPerRequest, 1),
    fixed(r.cpuRatio, 2),
  ]);
  return table(header, body);
}

function printLoadResults(runs, baseline, { ratios, cpuRatios }) {
  const withRatios = (key) => ({ ...runs[key], ratio: ratios[key], cpuRatio: cpuRatios[key] });
  const rows = [runs.hello1, runs.hello2, baseline, withRatios('platform'), ...(runs.page ? [withRatios('page')] : [])];
  console.log(`\n${loadTable(rows)}\n`);
  console.log('CPU ratio = hello-world CPU per request / Wharf CPU per request (server process, user + system).');
  const warning = noisyBaselineWarning(baseline);
  if (warning) console.log(warning);
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function measureFirstPage(webDistDir, hasWeb) {
  if (!hasWeb) return undefined;
  const result = firstPageJs(webDistDir);
  console.log(
    `\nfirst-page JavaScript (${path.relative(repoRoot, webDistDir)}, gzip level ${GZIP_LEVEL}, KB = 1024 B):`,
  );
  for (const f of result.files) console.log(`  ${f.file}  ${kb(f.bytes)} KB raw, ${kb(f.gzipBytes)} KB gzipped`);
  const within = result.totalGzipBytes <= FIRST_PAGE_JS_BUDGET_BYTES;
  console.log(
    `  total ${kb(result.totalGzipBytes)} KB gzipped (budget ${kb(FIRST_PAGE_JS_BUDGET_BYTES)} KB): ` +
      (within ? 'within budget' : 'OVER BUDGET'),
  );
  return { ...result, gzipLevel: GZIP_LEVEL, budgetBytes: FIRST_PAGE_JS_BUDGET_BYTES, withinBudget: within };
}

async function main() {
  const settings = readSettings(process.env);
  const { load, webDistDir } = settings;
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  const m = machine();
  describeRun('Wharf foundation bench', m, load);
  if (!hasWeb) {
    console.log(
      `web build missing: ${path.relative(repoRoot, webDistDir)}/index.html not found ` +
        '(npm run build -w @wharf/web); GET / and the first-page JavaScript size are skipped.',
    );
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wharf-bench-'));
  // On exit, not in finally: Ctrl-C leaves through process.exit and must not leave the folder behind.
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const hello = await startHelloWorld();
    const wharf = await startWharf(webDistDir, dataDir);
    console.log(`hello-world at ${hello.url}, Wharf at ${wharf.url}\n`);
    const runs = await runPlan(plan(hello, wharf, hasWeb), load);
    const crashes = crashesOf([hello, wharf]);
    await stopAllServers();

    const baseline = baselineOf(runs.hello1, runs.hello2);
    const { ratios, cpuRatios } = ratiosOf(runs, baseline);
    printLoadResults(runs, baseline, { ratios, cpuRatios });
    const firstPage = measureFirstPage(webDistDir, hasWeb);
    const problems = [...crashes, ...problemsOfRuns(Object.values(runs))];
    const targetMet = ratios.platform >= PLATFORM_TARGET_RATIO;

    const results = {
      date: new Date().toISOString(),
      machine: m,
      load: { ...load, warmupSeconds: WARMUP_SECONDS },
      runs,
      baseline,
      ratios,
      cpuRatios,
      platformTarget: { ratio: PLATFORM_TARGET_RATIO, met: targetMet },
      firstPageJs: firstPage ?? { skipped: 'web build missing' },
      problems,
    };
    writeResults('foundation-latest.json', results);
    if (cpuRatios.platform !== null) {
      console.log(
        `platform CPU ratio: ${cpuRatios.platform.toFixed(2)} (same direction as below, less sensitive to noise)`,
      );
    }
    console.log(
      `platform ratio: ${ratios.platform.toFixed(2)} (target >= ${PLATFORM_TARGET_RATIO})${targetMet ? '' : ' - NOT MET'}`,
    );
    if (!targetMet && settings.strict) process.exitCode ||= 2;
  } finally {
    await stopAllServers();
  }
}

runBench(main);
