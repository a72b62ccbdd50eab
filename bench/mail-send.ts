/**
 * Sending a campaign (issue 23's "Done when": "personalised mails per second into a loopback SMTP
 * sink (goal ≥ 1,000/s on this machine) and peak memory over 1,000,000 subscribers (flat)"),
 * `node --conditions=source --import tsx bench/mail-send.ts`:
 *
 * 0. seed: a scratch database on the PostgreSQL server (BENCH_POSTGRES_URL), migrated; one project
 *    with the Marketing module and BENCH_SUBSCRIBERS (1,000,000) subscribed subscribers written by
 *    `insert … select from generate_series`, the first BENCH_BASELINE (20,000) of them also on a
 *    list; a draft with merge tags (name, email, an attribute) and a link (so each mail has its own
 *    signed click and open links and one-click unsubscribe headers). Then VACUUM ANALYZE.
 * 1. sink: an SMTP server on loopback in a child process (smtp-server, as the tests' sink, but it
 *    counts and drops what it takes: holding a million mails would measure the sink), so the sender's
 *    process measures the sender alone.
 * 2. send: the server's app in this process, with SMTP_URL pointed at the sink and the real clock;
 *    `sendCampaign` through the HTTP stack (inject), then the `marketing.campaign-send` jobs run by the
 *    queue (runOne, as the worker does) until the campaign is `sent`. First the list's campaign
 *    (BENCH_BASELINE mails: the warm-up, and the baseline's peak RSS), then everyone's.
 *    Mails per second count from the send call to `sent`; RSS is sampled every 50 ms.
 *    The sender's own rate limit (SEND_RATE_PER_SECOND per process) applies, as in production.
 *
 * Settings: BENCH_SUBSCRIBERS, BENCH_BASELINE, BENCH_POSTGRES_URL
 * (postgres://postgres@127.0.0.1:5432/postgres; the scratch database is dropped after), BENCH_STRICT=1
 * (a missed goal fails the exit code). Results: bench/results/mail-send-latest.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as wait } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../apps/server/src/core/clock.js';
import { openDatabase, type Database } from '../apps/server/src/core/db/database.js';
import { marketingCampaigns } from '../apps/server/src/modules/marketing/schema.js';
import { SEND_RATE_PER_SECOND } from '../apps/server/src/modules/marketing/sending/send-job.js';
import { createStartedTestApp, type TestApp } from '../apps/server/src/test/app.js';
import { createScratchPostgresDatabase } from '../apps/server/src/test/database.js';
import { installMarketing, makeDraft } from '../apps/server/src/test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../apps/server/src/test/projects.js';
import { fixed, machine, positiveInteger, runBench, writeResults } from './lib/report.mjs';

const GOAL_MAILS_PER_SECOND = 1_000;
/** Peak RSS over the large send against the small one's: flat memory is close to 1. */
const GOAL_MEMORY_RATIO = 1.5;

function readSettings(env: NodeJS.ProcessEnv) {
  return {
    subscribers: positiveInteger(env, 'BENCH_SUBSCRIBERS', 1_000_000),
    baseline: positiveInteger(env, 'BENCH_BASELINE', 20_000),
    postgresUrl: env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    strict: env.BENCH_STRICT === '1',
  };
}

/* ---- The sink: a child process that counts what it takes ---- */

const SINK = `
const { SMTPServer } = require('smtp-server');
let taken = 0;
const server = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], maxClients: 50, logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => { taken += 1; callback(); });
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (m) => { if (m === 'count') process.send({ taken }); else server.close(() => process.exit(0)); });
`;

interface Sink {
  url: string;
  taken(): Promise<number>;
  close(): void;
}

async function startSink(): Promise<Sink> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise<Record<string, number>>((resolve) => child.once('message', resolve as never));
  const { port } = await next();
  return {
    url: `smtp://127.0.0.1:${port}`,
    taken: async () => {
      child.send('count');
      return (await next()).taken!;
    },
    close: () => child.send('close'),
  };
}

/* ---- Seed ---- */

async function seed(db: Database, projectId: string, n: number, baseline: number, now: Date): Promise<string> {
  await db.execute(sql`insert into marketing_subscribers
      (project_id, email, name, gender, status, attributes, consent_at, consent_source, created_at, updated_at)
    select ${projectId}::uuid, 'reader' || g || '@example.com', 'Reader ' || g,
      case when g % 2 = 0 then 'female' else 'male' end, 'subscribed',
      jsonb_build_object('plan', case when g % 3 = 0 then 'gold' else 'basic' end),
      ${now}, 'import', ${now}, ${now}
    from generate_series(1, ${n}) g`);
  const [list] = (
    (await db.execute(sql`insert into marketing_lists (project_id, name, opt_in, created_at, updated_at)
      values (${projectId}::uuid, 'Warm-up', 'single', ${now}, ${now}) returning id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  await db.execute(sql`insert into marketing_list_members (list_id, subscriber_id, project_id, added_at)
    select ${list!.id}::uuid, id, project_id, ${now} from marketing_subscribers
    where project_id = ${projectId}::uuid order by id limit ${baseline}`);
  for (const table of ['marketing_subscribers', 'marketing_list_members'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return list!.id;
}

/* ---- Send ---- */

interface SendRun {
  mails: number;
  seconds: number;
  mailsPerSecond: number;
  peakRss: number;
  startRss: number;
}

async function sendCampaign(t: TestApp, owner: BearerUser, project: string, campaignId: string): Promise<SendRun> {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const res = await owner.call('POST', `/v1/mail/campaigns/${campaignId}/send?project=${project}`);
  if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
  let lastShown = started;
  for (;;) {
    const ran = await t.app.services.jobs.runOne();
    const [row] = await t.database.db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, campaignId));
    if (row!.status === 'sent') break;
    if (row!.status !== 'sending') throw new Error(`the campaign is ${row!.status}: ${row!.failure ?? ''}`);
    if (performance.now() - lastShown > 10_000) {
      lastShown = performance.now();
      process.stdout.write(`${row!.delivered.toLocaleString('en')} … `);
    }
    // The next run is due when the rate allows it (the worker polls likewise).
    if (!ran) await wait(20);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [row] = await t.database.db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, campaignId));
  if (row!.failed > 0) throw new Error(`${row!.failed} mails failed`);
  return { mails: row!.delivered, seconds, mailsPerSecond: row!.delivered / seconds, peakRss, startRss };
}

/* ---- Run ---- */

let cleanUp: () => Promise<void> = async () => undefined;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const settings = readSettings(process.env);
  console.log(
    `mail send: ${settings.subscribers.toLocaleString('en')} subscribers (warm-up ${settings.baseline.toLocaleString('en')}), rate limit ${SEND_RATE_PER_SECOND.toLocaleString('en')}/s`,
  );
  const sink = await startSink();
  const scratch = await createScratchPostgresDatabase(settings.postgresUrl);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  cleanUp = async () => {
    sink.close();
    await database.close();
    await scratch.drop();
  };
  await database.migrate();
  const t = await createStartedTestApp({
    database,
    config: { SMTP_URL: sink.url },
    // The real clock: the send's slices and rate are timed by it.
    deps: { clock: systemClock },
  });
  cleanUp = async () => {
    sink.close();
    await t.close();
    await database.close();
    await scratch.drop();
  };
  const owner = await bearerUser(t, 'owner@example.com');
  const project = (await createProjectAs(owner, 'Harbour Goods')).id;
  await installMarketing(owner, project);

  process.stdout.write('seed ... ');
  const seedStarted = performance.now();
  const list = await seed(t.database.db, project, settings.subscribers, settings.baseline, new Date());
  console.log(`${fixed((performance.now() - seedStarted) / 1000, 1)} s`);

  const draft = await makeDraft(owner, project, {
    name: 'June letter',
    subject: 'Hi {{ subscriber.first_name }}, June is here',
    markdown: [
      'Dear {{ subscriber.name }},',
      '',
      'As a {{ subscriber.attributes.plan }} member you get early access to [the summer sale](https://shop.example/sale).',
      '',
      'We will write to {{ subscriber.email }} when it opens.',
    ].join('\n'),
  });
  const campaign = async (name: string, lists: string[]) => {
    const res = await owner.call('POST', `/v1/mail/campaigns?project=${project}`, {
      name,
      draftId: draft.id,
      audience: { lists },
    });
    if (res.statusCode !== 201) throw new Error(`campaign: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: string }).id;
  };

  process.stdout.write('warm-up send ... ');
  const small = await sendCampaign(t, owner, project, await campaign('Warm-up', [list]));
  console.log(`${fixed(small.seconds, 1)} s`);
  process.stdout.write('send ... ');
  const large = await sendCampaign(t, owner, project, await campaign('Everyone', []));
  console.log(`${fixed(large.seconds, 1)} s`);
  const taken = await sink.taken();

  const memoryRatio = large.peakRss / small.peakRss;
  const speedMet = large.mailsPerSecond >= GOAL_MAILS_PER_SECOND;
  const memoryMet = memoryRatio <= GOAL_MEMORY_RATIO;
  const line = (label: string, run: SendRun) =>
    `  ${label}: ${run.mails.toLocaleString('en')} mails in ${fixed(run.seconds, 1)} s, ${Math.round(run.mailsPerSecond).toLocaleString('en')} mails/s, RSS ${mb(run.startRss)} at start, peak ${mb(run.peakRss)}`;
  console.log(`\n${line('warm-up', small)}\n${line('everyone', large)}`);
  console.log(
    `  the sink took ${taken.toLocaleString('en')} mails (${(small.mails + large.mails).toLocaleString('en')} sent)`,
  );
  console.log(
    `\nmails per second: ${Math.round(large.mailsPerSecond).toLocaleString('en')} / goal ${GOAL_MAILS_PER_SECOND.toLocaleString('en')} = ${fixed(large.mailsPerSecond / GOAL_MAILS_PER_SECOND, 2)}: ${speedMet ? 'met' : 'NOT MET'}`,
  );
  console.log(
    `peak memory, ${large.mails.toLocaleString('en')} mails over ${small.mails.toLocaleString('en')}: ${fixed(memoryRatio, 2)} (goal ≤ ${GOAL_MEMORY_RATIO}): ${memoryMet ? 'met' : 'NOT MET'}`,
  );
  const problems =
    taken === small.mails + large.mails ? [] : [`the sink took ${taken}, the sender sent ${small.mails + large.mails}`];
  writeResults('mail-send-latest.json', {
    machine: machine(),
    settings: { ...settings, postgresUrl: undefined, rate: SEND_RATE_PER_SECOND },
    goalMailsPerSecond: GOAL_MAILS_PER_SECOND,
    goalMemoryRatio: GOAL_MEMORY_RATIO,
    warmUp: small,
    send: large,
    memoryRatio,
    met: speedMet && memoryMet,
    problems,
  });
  await cleanUp();
  if (settings.strict && !(speedMet && memoryMet)) process.exitCode = 1;
}

runBench(main, () => cleanUp());
