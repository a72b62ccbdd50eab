/**
 * The read path of issue 19 (`npm run bench`, `npm run bench:read-path`): each list request of the
 * console against a bare Fastify hello-world measured in the same run, on PostgreSQL and on PGlite,
 * without and with a browser's `accept-encoding`; the SQL statements a request costs and the server's
 * peak memory beside the figures, and the goals as met / NOT MET.
 *
 *   node --conditions=source --import tsx bench/read-path.ts    (after `npx tsc -b apps/server`)
 *
 * Settings: BENCH_DURATION (10 s a run), BENCH_CONNECTIONS (50), BENCH_ROWS (300 rows in each list),
 * BENCH_PAGE_SIZE (20, the console's page),
 * BENCH_DATABASES (postgres,pglite), BENCH_POSTGRES_URL (the PostgreSQL server the scratch database is
 * made on, dropped after; postgres://postgres@127.0.0.1:5432/postgres), BENCH_STRICT=1 (a missed goal
 * fails the exit code; failed requests always do), BENCH_WHARF_SERVER (another build's main.js, such as an
 * earlier commit's worktree, for a before/after; its statements are then not counted), BENCH_LISTS (only
 * these lists, by name: projects,invoices), BENCH_ENCODINGS (none,browser), BENCH_CPU_PROF (a folder: the
 * server is profiled with --cpu-prof; the cached reference is then left out).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/core/db/database.js';
import { findUser } from '../apps/server/src/modules/accounts/testing.js';
import { projectPlatformId } from '../apps/server/src/modules/projects/read-models.js';
import { signInAs } from '../apps/server/src/test/accounts.js';
import { createTestApp } from '../apps/server/src/test/app.js';
import { bearerToken as mintBearerToken } from '../apps/server/src/test/billing.js';
import { createScratchPostgresDatabase } from '../apps/server/src/test/database.js';
import {
  CONSOLE_PAGE_SIZE,
  READ_PATH_LISTS,
  seedReadPath,
  type ReadPathList,
} from '../apps/server/src/test/read-path.js';
import { countStatements } from '../apps/server/src/test/statements.js';
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
  positiveInteger,
  problemsOfRuns,
  runBench,
  table,
  writeResults,
} from './lib/report.mjs';
import { stopAllServers } from './lib/servers.mjs';
import { PASSWORD, adminSession, signIn, startHello, startPostgresFloor, startWharf } from './lib/wharf.mjs';
import { createProject, credentialsOn, mb, temporaryFolder, type Credentials } from './lib/wharf-setup.js';

/** The goals, in one run: on PostgreSQL against hello-world, on PGlite against PostgreSQL. */
const GOALS = { helloRatio: 0.25, p99Ms: 20, pgliteToPostgres: 0.4, pgliteTailToMedian: 5 };
/** Each request as a plain client asks, and as a browser does: then the server compresses its answer. */
const BROWSER_ENCODING = 'gzip, deflate, br';
const ALL_ENCODINGS = [
  { name: 'none', headers: {} },
  { name: 'browser', headers: { 'accept-encoding': BROWSER_ENCODING } },
];
/** BENCH_ENCODINGS=none measures only plain requests (a profile of the route without compression). */
const ENCODINGS = ALL_ENCODINGS.filter(
  (e) => !process.env.BENCH_ENCODINGS || process.env.BENCH_ENCODINGS.split(',').includes(e.name),
);

type Server = Awaited<ReturnType<typeof startWharf>>;
type Run = Awaited<ReturnType<typeof measureAloud>>;
type Kind = 'postgres' | 'pglite';

/** A database the bench runs Wharf on: the server's settings, and a handle of the bench's own. */
interface Place {
  kind: Kind;
  label: string;
  dataDir: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
}

/** One request of the table: what it shows, where it goes, with which credential. */
interface Target {
  request: string;
  path: string;
  headers: Record<string, string>;
  list?: ReadPathList;
}

interface Row {
  request: string;
  encoding: string;
  run: Run;
  ratio: number;
  rows: number | null;
  statements: number | null;
  /** The cached platform look-up, measured beside the lists: no goal of its own. */
  isReference: boolean;
  pgliteToPostgres?: number;
  goal: string;
  met: boolean | null;
}

interface Block {
  kind: Kind;
  label: string;
  baseline: ReturnType<typeof baselineOf>;
  peakRssBytes: number | undefined;
  rows: Row[];
}

function readSettings(env: NodeJS.ProcessEnv) {
  const databases = (env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((d) => d.trim());
  for (const d of databases) {
    if (d !== 'postgres' && d !== 'pglite') throw new Error(`BENCH_DATABASES: "${d}" is neither postgres nor pglite`);
  }
  return {
    load: loadSettings(env),
    rows: positiveInteger(env, 'BENCH_ROWS', 300),
    // The page the console asks for; the statement-count test covers the largest (100).
    pageSize: positiveInteger(env, 'BENCH_PAGE_SIZE', CONSOLE_PAGE_SIZE),
    databases: databases as Kind[],
    postgresUrl: env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    // Off by default: a missed goal on a shared machine is a finding to read, not a broken build.
    strict: env.BENCH_STRICT === '1',
  };
}

/** What to undo on the way out (scratch databases), also after an error or Ctrl-C. */
const cleanups: (() => Promise<void>)[] = [];

async function cleanUp() {
  await stopAllServers();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => console.error(`cleanup: ${error}`));
}

async function placeOf(kind: Kind, postgresUrl: string): Promise<Place> {
  const dataDir = temporaryFolder('read-path');
  if (kind === 'pglite') {
    // The handle adds pgdata/ to the folder, as the server does with its DATA_DIR.
    return { kind, label: 'PGlite', dataDir, env: {}, open: () => openDatabase({ kind: 'pglite', dataDir }) };
  }
  const scratch = await createScratchPostgresDatabase(postgresUrl);
  cleanups.push(scratch.drop);
  return {
    kind,
    label: 'PostgreSQL',
    dataDir,
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 }),
  };
}

/** Runs `work` on a handle of the bench's own, closed after. */
async function withHandle<T>(place: Place, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await place.open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/**
 * Wharf on the place with a project of the admin's and BENCH_ROWS rows in each list. The server is
 * stopped while the rows go in (PGlite's folder is the server's alone) and started again, on both
 * databases alike: no cache and no memory peak carries over from seeding.
 */
async function prepare(place: Place, rows: number) {
  let wharf = await startWharf(place.dataDir, place.env);
  const { email, session } = await adminSession(wharf);
  if (!email) throw new Error('the admin link names no email');
  const projectId = await createProject(wharf, (await credentialsOn(wharf, session)).token, 'Read path');
  await wharf.stop();
  const userId = await withHandle(place, async ({ db }) => {
    const platformId = await projectPlatformId(db, projectId);
    const user = await findUser(db, { email });
    if (!platformId || !user) throw new Error('the project or its admin is not in the database');
    await seedReadPath(db, { platformId, projectId, userId: user.id }, rows);
    // Statistics, as autovacuum would gather them soon after such a load: plans are chosen on them.
    await db.execute(sql`analyze`);
    return user.id;
  });
  // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the measured server, written when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  wharf = await startWharf(place.dataDir, place.env, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  const credentials = await credentialsOn(wharf, await signIn(wharf, email));
  return { wharf, email, userId, projectId, credentials };
}

/**
 * The cached platform look-up first (the reference), then the read path's lists. A profiled run
 * (BENCH_CPU_PROF) leaves the reference out: its requests, many times more, would fill the profile.
 */
function targetsOf(projectId: string, { session, token }: Credentials, pageSize: number): Target[] {
  const headers = { bearer: { authorization: `Bearer ${token}` }, session: { cookie: session } };
  const reference: Target = { request: 'GET /omnis/v3/platform (cached)', path: '/omnis/v3/platform', headers: {} };
  return [
    ...(process.env.BENCH_CPU_PROF ? [] : [reference]),
    ...chosenLists().map((list) => ({
      request: `GET ${list.url('{id}').split('?')[0]}`,
      path: list.url(projectId, pageSize),
      headers: headers[list.credential],
      list,
    })),
  ];
}

/** BENCH_LISTS=invoices,projects measures only those (with the reference); all by default. */
function chosenLists(): readonly ReadPathList[] {
  const names = process.env.BENCH_LISTS?.split(',').map((n) => n.trim());
  if (!names) return READ_PATH_LISTS;
  const unknown = names.filter((n) => !READ_PATH_LISTS.some((l) => l.name === n));
  if (unknown.length) throw new Error(`BENCH_LISTS: no list named ${unknown.join(', ')}`);
  return READ_PATH_LISTS.filter((l) => names.includes(l.name));
}

/** One request each before the load: a refused credential fails now, not after minutes of 401s. */
async function rowsShown(wharf: Server, targets: Target[]): Promise<(number | null)[]> {
  const shown: (number | null)[] = [];
  for (const target of targets) {
    const res = await fetch(`${wharf.url}${target.path}`, { headers: target.headers });
    if (!res.ok) throw new Error(`GET ${target.path}: ${res.status} ${await res.text()}`);
    shown.push(target.list ? target.list.rows(await res.json()) : (await res.arrayBuffer(), null));
  }
  return shown;
}

/**
 * The statements each request costs. The server is another process, so the bench builds the same
 * app on the same database (server stopped), signs the admin in there, and counts one request of
 * each target after a warm-up.
 */
async function statementsPerRequest(
  place: Place,
  { email, userId, projectId }: { email: string; userId: string; projectId: string },
  pageSize: number,
): Promise<number[]> {
  return withHandle(place, async (handle) => {
    const t = await createTestApp({ database: handle });
    t.clock.set(new Date()); // the rows were made now
    try {
      const session = `wharf_session=${(await signInAs(t, email, PASSWORD)).cookies.get('wharf_session')}`;
      const targets = targetsOf(projectId, { session, token: await mintBearerToken(t, userId) }, pageSize);
      const counts: number[] = [];
      for (const target of targets) {
        const request = async () => {
          const res = await t.app.inject({ method: 'GET', url: target.path, headers: target.headers });
          if (res.statusCode !== 200) throw new Error(`in-process GET ${target.path}: ${res.statusCode} ${res.body}`);
        };
        await request();
        counts.push(await countStatements(handle, request));
      }
      return counts;
    } finally {
      await t.close();
    }
  });
}

function goalOf(kind: Kind, row: Row, onPostgres: Row | undefined): Pick<Row, 'goal' | 'met'> {
  const { p50Ms, p99Ms } = row.run;
  const missed =
    kind === 'postgres'
      ? [
          row.ratio < GOALS.helloRatio && `ratio < ${GOALS.helloRatio}`,
          p99Ms > GOALS.p99Ms && `p99 > ${GOALS.p99Ms} ms`,
        ]
      : [
          onPostgres && row.pgliteToPostgres! < GOALS.pgliteToPostgres && `< ${GOALS.pgliteToPostgres} of PostgreSQL`,
          p99Ms > GOALS.pgliteTailToMedian * p50Ms && `p99 > ${GOALS.pgliteTailToMedian} x p50`,
        ];
  const reasons = missed.filter(Boolean);
  return { goal: reasons.length ? `NOT MET: ${reasons.join(', ')}` : 'met', met: !reasons.length };
}

/** One database: prepared, every request without and with compression, its peak memory, its statements. */
async function measureBlock(place: Place, settings: ReturnType<typeof readSettings>) {
  console.log(`\n${place.label}: seeding ${settings.rows} rows a list`);
  const { wharf, credentials, ...admin } = await prepare(place, settings.rows);
  const targets = targetsOf(admin.projectId, credentials, settings.pageSize);
  const shown = await rowsShown(wharf, targets);
  const runs: { target: number; encoding: string; run: Run }[] = [];
  for (const [i, target] of targets.entries()) {
    for (const encoding of ENCODINGS) {
      const label = `${place.label} ${target.request} [${encoding.name}]`;
      const headers = { ...target.headers, ...encoding.headers };
      const run = await measureAloud(label, `${wharf.url}${target.path}`, settings.load, wharf, headers);
      runs.push({ target: i, encoding: encoding.name, run });
    }
  }
  const peakRssBytes = wharf.peakRssBytes();
  const crashes = crashesOf([wharf]);
  await wharf.stop();
  // Counted on this tree's code: meaningless for another build (BENCH_WHARF_SERVER), so not shown then.
  const statements =
    crashes.length || process.env.BENCH_WHARF_SERVER ? [] : await statementsPerRequest(place, admin, settings.pageSize);
  return { runs, targets, shown, statements, peakRssBytes, crashes };
}

function printBlock(block: Block) {
  const pglite = block.kind === 'pglite';
  const header = ['request', 'encoding', 'req/s', 'p50 ms', 'p99 ms', 'ratio to hello-world'];
  if (pglite) header.push('PGlite / PostgreSQL');
  header.push('statements/req', 'rows', 'goal');
  const body = block.rows.map((r) => [
    r.request,
    r.encoding,
    fixed(r.run.reqPerSec, 0),
    ms(r.run.p50Ms),
    ms(r.run.p99Ms),
    fixed(r.ratio, 3),
    ...(pglite ? [fixed(r.pgliteToPostgres, 2)] : []),
    r.statements === null ? '' : String(r.statements),
    r.rows === null ? '' : String(r.rows),
    r.goal,
  ]);
  const { baseline } = block;
  console.log(
    `\n${block.label}: hello-world ${fixed(baseline.reqPerSec, 0)} req/s around it ` +
      `(spread ${(baseline.spread * 100).toFixed(0)}%), peak server memory ${mb(block.peakRssBytes)}`,
  );
  console.log(table(header, body));
}

/** The floor, measured after the first hello-world run, on the PostgreSQL server the bench uses. */
async function measureFloor(settings: ReturnType<typeof readSettings>) {
  const floor = await startPostgresFloor(settings.postgresUrl);
  try {
    return await measureAloud('floor: Fastify + one PostgreSQL statement', `${floor.url}/`, settings.load, floor);
  } finally {
    await floor.stop();
  }
}

async function main() {
  const settings = readSettings(process.env);
  const m = machine();
  describeRun('Wharf read-path bench', m, settings.load);
  console.log(
    `databases: ${settings.databases.join(', ')}; ${settings.rows} rows in each list, pages of ${settings.pageSize}`,
  );

  const hello = await startHello();
  const helloRun = (nth: number) => measureAloud(`hello-world GET / (${nth})`, `${hello.url}/`, settings.load, hello);
  const helloRuns = [await helloRun(1)];
  const floor = settings.databases.includes('postgres') ? await measureFloor(settings) : undefined;
  const blocks: Block[] = [];
  const problems: string[] = [];
  for (const kind of settings.databases) {
    const place = await placeOf(kind, settings.postgresUrl);
    const measured = await measureBlock(place, settings);
    helloRuns.push(await helloRun(helloRuns.length + 1));
    const baseline = baselineOf(helloRuns.at(-2)!, helloRuns.at(-1)!);
    const rows = measured.runs.map(({ target, encoding, run }) => ({
      request: measured.targets[target]!.request,
      encoding,
      run,
      ratio: run.reqPerSec / baseline.reqPerSec!,
      rows: measured.shown[target]!,
      isReference: !measured.targets[target]!.list,
      statements: measured.statements[target] ?? null,
      goal: '',
      met: null,
    }));
    blocks.push({ kind, label: place.label, baseline, peakRssBytes: measured.peakRssBytes, rows });
    problems.push(...measured.crashes, ...problemsOfRuns(rows.map((r) => r.run)));
  }
  problems.push(...crashesOf([hello]), ...problemsOfRuns(helloRuns), ...problemsOfRuns(floor ? [floor] : []));
  await cleanUp();

  // Goals last: PGlite's compares each of its rows with the same request on PostgreSQL.
  const postgres = blocks.find((b) => b.kind === 'postgres');
  for (const block of blocks) {
    for (const [i, row] of block.rows.entries()) {
      const onPostgres = block.kind === 'pglite' ? postgres?.rows[i] : undefined;
      if (onPostgres) row.pgliteToPostgres = row.ratio / onPostgres.ratio;
      // The cached platform look-up is the reference the lists are read beside, not a list.
      Object.assign(row, row.isReference ? { goal: 'reference', met: null } : goalOf(block.kind, row, onPostgres));
    }
    printBlock(block);
  }

  if (floor) {
    const ratio = floor.reqPerSec / blocks.find((b) => b.kind === 'postgres')!.baseline.reqPerSec!;
    console.log(
      `\nfloor, a bare Fastify route running one prepared PostgreSQL statement: ${fixed(floor.reqPerSec, 0)} req/s, ` +
        `p50 ${ms(floor.p50Ms)} ms, p99 ${ms(floor.p99Ms)} ms, ratio to hello-world ${fixed(ratio, 3)}: ` +
        'no database-backed answer can do better on this machine.',
    );
  }
  console.log(
    `\nGoals: PostgreSQL ratio to hello-world >= ${GOALS.helloRatio} with p99 <= ${GOALS.p99Ms} ms; ` +
      `PGlite >= ${GOALS.pgliteToPostgres} of PostgreSQL with p99 <= ${GOALS.pgliteTailToMedian} x p50.`,
  );
  console.log(
    `encoding browser: accept-encoding: ${BROWSER_ENCODING}. Ratios use the mean of the hello-world runs ` +
      'before and after each database; PGlite / PostgreSQL divides the two ratios. Statements: one request ' +
      'after a warm-up, counted on the same app built in the bench process on the same database. ' +
      `rows: what the answer shows (pages of ${settings.pageSize}). Peak memory: the server's VmHWM after the load.`,
  );
  const summary = blocks.map((block) => {
    const judged = block.rows.filter((r) => r.met !== null);
    const met = judged.filter((r) => r.met).length;
    const { baseline } = block;
    console.log(
      `${block.label}: peak server memory (VmHWM) ${mb(block.peakRssBytes)}; goals met on ${met} of ${judged.length} rows; ` +
        `hello-world spread ${(baseline.spread * 100).toFixed(0)}%`,
    );
    const warning = noisyBaselineWarning(baseline);
    if (warning) console.log(`  ${warning}`);
    return { label: block.label, met, judged: judged.length };
  });
  const allMet = summary.every((s) => s.met === s.judged);

  const results = {
    date: new Date().toISOString(),
    machine: m,
    load: { ...settings.load, warmupSeconds: WARMUP_SECONDS },
    rowsPerList: settings.rows,
    goals: GOALS,
    helloRuns,
    floor,
    databases: blocks,
    goalsMet: allMet,
    problems,
  };
  writeResults('read-path-latest.json', results);
  console.log(`read-path goals: ${allMet ? 'all met' : 'NOT MET'}`);
  if (!allMet && settings.strict) process.exitCode ||= 2;
}

runBench(main, cleanUp);
