/**
 * The drive of issue 20 (`npm run bench:drive`): the built Wharf on a scratch PostgreSQL database
 * (its object store the local one, in a temporary DATA_DIR), measured four ways, each against a
 * reference taken in the same run, with the issue's goals as met / NOT MET:
 *
 * 1. upload memory: a fresh server, signed into and warmed by a 1 MiB upload, then one file of
 *    BENCH_UPLOAD_MB streamed over a real HTTP connection from one generated 1 MiB chunk sent again and
 *    again (never a file in memory); the server's peak RSS during the upload (VmHWM, reset just before
 *    it through /proc/<pid>/clear_refs; VmRSS sampled every 20 ms where that is refused) above its idle
 *    VmRSS. Goal: < 100 MB.
 * 2. transform throughput: `GET /v1/drive/files/{file}?width=…&type=webp` rendering a fresh variant
 *    every request (widths 300..1299, shuffled, over BENCH_TRANSFORM_COPIES copies of a 2000×1500 JPEG
 *    made with sharp, so nothing is ever found in the store) against sharp alone in the bench process
 *    doing the same resize of the same image with the same options and widths, the same number at a
 *    time. Runs alternate, sharp alone first and last (BENCH_TRANSFORM_ROUNDS endpoint runs); the ratio
 *    divides the means. Goal: >= 0.8. Beside it, each side's CPU per rendering (all its threads).
 * 3. a cached variant (the same options every request) under autocannon against the bare Fastify
 *    hello-world, run before and after it. Goal: >= 0.5.
 * 4. the metadata list at BENCH_FILES files, inserted straight into drive_files by one
 *    `insert … select from generate_series` then analysed. Page 500 against page 1 of the list sorted
 *    by name (pages of 20; page 500's token found by following nextPageToken 499 times): the p50 of
 *    BENCH_PAGE_SAMPLES requests each, one at a time and in turns (goal <= 1.2), then each under
 *    autocannon; and the p99 of a search (`query=type:image tag:summer logo`) under autocannon,
 *    reported (no goal), with its time alone beside it.
 *
 *   npm run bench:drive                                         (builds first)
 *   node --conditions=source --import tsx bench/drive.ts        (after `npm run build`)
 *   BENCH_FILES=100000 BENCH_UPLOAD_MB=256 node --conditions=source --import tsx bench/drive.ts
 *
 * Settings: BENCH_UPLOAD_MB (1024: MiB in the big upload, at most 5120, the drive's largest file),
 * BENCH_FILES (1000000 rows in the list, at least 10020 for a page 500), BENCH_TRANSFORM_CONCURRENCY
 * (4 renderings at a time on both sides: libuv's thread pool, where sharp works, has 4 threads),
 * BENCH_TRANSFORM_COPIES (3 copies of the JPEG: 3,000 fresh variants; a run that uses them all stops
 * early and says so), BENCH_TRANSFORM_ROUNDS (2), BENCH_PAGE_SAMPLES (200), BENCH_DURATION (10 s an
 * autocannon run and a transform run, each after a 2 s warm-up), BENCH_CONNECTIONS (50 autocannon
 * connections), BENCH_PARTS (upload,transform,cached,metadata: only these parts), BENCH_POSTGRES_URL
 * (the PostgreSQL server the scratch database is made on, dropped after;
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_STRICT=1 (a missed goal fails the exit code;
 * failed requests always do), BENCH_WHARF_SERVER (another build's main.js, for a before/after),
 * BENCH_CPU_PROF (a folder: the measured server runs with --cpu-prof, its profile written when it
 * stops; use BENCH_PARTS to profile one part). Results go to bench/results/drive-latest.json.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/core/db/database.js';
import { createScratchPostgresDatabase } from '../apps/server/src/test/database.js';
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
import { adminSession, signIn, startHello, startWharf } from './lib/wharf.mjs';
import {
  cleanUp,
  cleanups,
  createProject,
  credentialsOn,
  mb,
  ProjectCaller,
  temporaryFolder,
  type WharfServer,
} from './lib/wharf-setup.js';

/** Issue 20's "Done when", each measured against a reference of the same run. */
const GOALS = { uploadAboveIdleMb: 100, transformToSharp: 0.8, cachedToHello: 0.5, page500ToPage1: 1.2 };
const PARTS = ['upload', 'transform', 'cached', 'metadata'] as const;
type Part = (typeof PARTS)[number];

const MiB = 1024 ** 2;
/** The drive's largest file (DRIVE_MAX_FILE_BYTES). */
const MAX_UPLOAD_MB = 5 * 1024;
const IMAGE = { width: 2000, height: 1500 };
/**
 * The widths the transform runs cycle through (each one a variant not made before): 300..1299 in a
 * shuffled order (a stride prime to their count), since a rendering's cost grows with its width and
 * every stretch of a run, on either side, must ask for the same mix.
 */
const WIDTHS = { from: 300, count: 1000, stride: 379 };
const CACHED_WIDTH = 400;
const PAGE_SIZE = 20;
const FAR_PAGE = 500;
const SEARCH = 'type:image tag:summer logo';

type Run = Awaited<ReturnType<typeof measureAloud>>;

function readSettings(env: NodeJS.ProcessEnv) {
  const parts = (env.BENCH_PARTS ?? PARTS.join(',')).split(',').map((p) => p.trim());
  for (const p of parts) {
    if (!PARTS.includes(p as Part)) throw new Error(`BENCH_PARTS: "${p}" is none of ${PARTS.join(', ')}`);
  }
  const settings = {
    load: loadSettings(env),
    uploadMb: positiveInteger(env, 'BENCH_UPLOAD_MB', 1024),
    files: positiveInteger(env, 'BENCH_FILES', 1_000_000),
    concurrency: positiveInteger(env, 'BENCH_TRANSFORM_CONCURRENCY', 4),
    copies: positiveInteger(env, 'BENCH_TRANSFORM_COPIES', 3),
    rounds: positiveInteger(env, 'BENCH_TRANSFORM_ROUNDS', 2),
    pageSamples: positiveInteger(env, 'BENCH_PAGE_SAMPLES', 200),
    parts: new Set(parts as Part[]),
    postgresUrl: env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    // Off by default: a missed goal on a shared machine is a finding to read, not a broken build.
    strict: env.BENCH_STRICT === '1',
  };
  if (settings.uploadMb > MAX_UPLOAD_MB) throw new Error(`BENCH_UPLOAD_MB: at most ${MAX_UPLOAD_MB}`);
  const leastFiles = FAR_PAGE * PAGE_SIZE + PAGE_SIZE;
  if (settings.files < leastFiles) throw new Error(`BENCH_FILES: at least ${leastFiles} for a page ${FAR_PAGE}`);
  return settings;
}
type Settings = ReturnType<typeof readSettings>;

/* ---- Calls ---- */

/** The project's drive calls as its owner makes them, with the bearer token. */
class Owner extends ProjectCaller {
  fileUrl(fileId: string, query = '') {
    return `/v1/drive/files/${fileId}?project=${this.projectId}${query}`;
  }

  /** A file's record; answers where its bytes go. */
  async create(file: { name: string; type: string; size: number }) {
    const created = await this.call<{ file: { id: string }; upload: { url: string } }>(
      'POST',
      `/v1/drive/files?project=${this.projectId}`,
      file,
      201,
    );
    return { id: created.file.id, uploadUrl: created.upload.url };
  }

  /** A small file whole: its record, then its bytes. */
  async upload(file: { name: string; type: string; bytes: Buffer }): Promise<string> {
    const { id, uploadUrl } = await this.create({ name: file.name, type: file.type, size: file.bytes.length });
    const sent = await streamUpload(this.wharf, uploadUrl, this.token, file.bytes, file.bytes.length);
    if (sent.status !== 200) throw new Error(`upload of ${file.name}: ${sent.status} ${sent.body}`);
    return id;
  }
}

/**
 * Sends `total` bytes to `path` over one HTTP connection, `chunk` written again and again as the
 * socket drains: the bench never holds more than one chunk. Answers the server's answer.
 */
function streamUpload(wharf: WharfServer, path: string, token: string, chunk: Buffer, total: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(path, wharf.url);
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'content-length': String(total),
      },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.once('error', reject);
    });
    (async () => {
      for (let sent = 0; sent < total; sent += chunk.length) {
        const part = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
        if (!req.write(part)) await once(req, 'drain');
      }
      req.end();
    })().catch((error) => req.destroy(error as Error));
  });
}

/* ---- Memory of a process, from /proc ---- */

function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm'));
    return kb ? Number(kb[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resets VmHWM to the current RSS (Linux's clear_refs 5); false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/* ---- Part 1: a big upload's memory ---- */

/** A MiB of bytes with no format's signature (the drive keeps them as application/octet-stream). */
function uploadChunk(): Buffer {
  const chunk = randomBytes(MiB);
  chunk.fill(0, 0, 64);
  return chunk;
}

async function measureUpload(owner: Owner, settings: Settings) {
  const { wharf } = owner;
  const pid = wharf.child.pid!;
  const chunk = uploadChunk();
  // Warm: the upload path's modules loaded and its statements prepared before idle is read.
  const warm = await owner.create({ name: 'warm-up.bin', type: 'application/octet-stream', size: MiB });
  const warmed = await streamUpload(wharf, warm.uploadUrl, owner.token, chunk, MiB);
  if (warmed.status !== 200) throw new Error(`warm-up upload: ${warmed.status} ${warmed.body}`);
  await delay(2000);
  const total = settings.uploadMb * MiB;
  const big = await owner.create({ name: 'big.bin', type: 'application/octet-stream', size: total });
  await delay(500);
  const idleRss = statusBytes(pid, 'VmRSS');
  const idleHwm = statusBytes(pid, 'VmHWM');
  const reset = resetPeak(pid);
  let sampledPeak = idleRss ?? 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, statusBytes(pid, 'VmRSS') ?? 0);
  }, 20);
  process.stdout.write(`  upload of ${settings.uploadMb} MiB ... `);
  const started = performance.now();
  const sent = await streamUpload(wharf, big.uploadUrl, owner.token, chunk, total).finally(() =>
    clearInterval(sampler),
  );
  const seconds = (performance.now() - started) / 1000;
  if (sent.status !== 200) throw new Error(`upload of ${settings.uploadMb} MiB: ${sent.status} ${sent.body}`);
  const stored = JSON.parse(sent.body) as { size: number; status: string };
  if (stored.size !== total || stored.status !== 'ready') throw new Error(`the upload stored ${sent.body}`);
  const peakHwm = statusBytes(pid, 'VmHWM');
  // With the reset, VmHWM is the peak of this upload alone; without, the 20 ms samples stand in.
  const peak = reset && peakHwm !== undefined ? peakHwm : sampledPeak;
  const aboveIdle = idleRss === undefined ? undefined : peak - idleRss;
  process.stdout.write(`${fixed(total / MiB / seconds, 0)} MiB/s, peak ${mb(aboveIdle)} above idle\n`);
  return {
    bytes: total,
    seconds,
    mibPerSecond: total / MiB / seconds,
    idleRssBytes: idleRss,
    idleHwmBytes: idleHwm,
    peakMethod: reset ? 'VmHWM reset before the upload' : 'VmRSS sampled every 20 ms',
    peakRssBytes: peak,
    sampledPeakRssBytes: sampledPeak,
    aboveIdleBytes: aboveIdle,
  };
}

/* ---- Part 2: renderings against sharp alone ---- */

/** A 2000×1500 JPEG with a photograph's mix of smooth areas, edges and grain, made with sharp. */
async function testImage(): Promise<Buffer> {
  const { width, height } = IMAGE;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (seed % 33) - 16;
  };
  const byte = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const ring = Math.sin(Math.hypot(x - 700, y - 600) / 25) * 60;
      const stripes = (Math.floor(x / 120) + Math.floor(y / 90)) % 2 ? 40 : -40;
      pixels[at] = byte((x / width) * 200 + ring + noise());
      pixels[at + 1] = byte((y / height) * 200 + stripes + noise());
      pixels[at + 2] = byte(128 + ring - stripes + noise());
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The server's rendering of `width=w&type=webp` (render-image.ts), done here with sharp alone. */
function renderAlone(image: Buffer, width: number): Promise<Buffer> {
  const height = Math.max(1, Math.round((IMAGE.height * width) / IMAGE.width));
  return sharp(image).autoOrient().resize({ width, height, fit: 'fill' }).webp({ quality: 80, effort: 4 }).toBuffer();
}

interface LoopRun {
  label: string;
  done: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU seconds of the process doing the renderings, per rendering (all its threads). */
  cpuMsPerItem: number | null;
  /** The fresh variants ran out before the time did. */
  exhausted: boolean;
  errors: string[];
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;

/**
 * `concurrency` workers, each doing `work` on the next item until `seconds` have passed or the items
 * run out: a closed loop, as autocannon drives HTTP, but for any work (HTTP or sharp in this process).
 */
async function closedLoop(
  label: string,
  { concurrency, seconds }: { concurrency: number; seconds: number },
  next: () => number | undefined,
  work: (item: number) => Promise<void>,
  cpuSeconds: () => number | undefined,
): Promise<LoopRun> {
  const latencies: number[] = [];
  const errors: string[] = [];
  let exhausted = false;
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const item = next();
      if (item === undefined) {
        exhausted = true;
        return;
      }
      const t0 = performance.now();
      try {
        await work(item);
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (cpuSeconds() ?? NaN) - (cpuBefore ?? NaN);
  latencies.sort((a, b) => a - b);
  return {
    label,
    done: latencies.length,
    failed: errors.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    cpuMsPerItem: Number.isFinite(cpu) && latencies.length ? (cpu * 1000) / latencies.length : null,
    exhausted,
    errors: [...new Set(errors)].slice(0, 5),
  };
}

/** A warm-up then the measured loop, saying what runs and its renderings per second. */
async function loopAloud(
  label: string,
  settings: Settings,
  next: () => number | undefined,
  work: (item: number) => Promise<void>,
  cpuSeconds: () => number | undefined,
): Promise<LoopRun> {
  process.stdout.write(`  ${label}: ${WARMUP_SECONDS} s warm-up + ${settings.load.duration} s ... `);
  const options = { concurrency: settings.concurrency };
  await closedLoop(label, { ...options, seconds: WARMUP_SECONDS }, next, work, cpuSeconds);
  const run = await closedLoop(label, { ...options, seconds: settings.load.duration }, next, work, cpuSeconds);
  process.stdout.write(`${fixed(run.perSecond, 1)} renderings/s${run.exhausted ? ' (ran out of variants)' : ''}\n`);
  return run;
}

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function measureTransforms(owner: Owner, image: Buffer, settings: Settings) {
  const copies: string[] = [];
  for (let i = 0; i < settings.copies; i++) {
    copies.push(await owner.upload({ name: `photo-${i}.jpg`, type: 'image/jpeg', bytes: image }));
  }
  // Every (copy, width) once, in order, for the endpoint; the same widths for sharp alone.
  let served = 0;
  const nextVariant = () => (served < copies.length * WIDTHS.count ? served++ : undefined);
  const widthOf = (n: number) => WIDTHS.from + ((n * WIDTHS.stride) % WIDTHS.count);
  let aloneCount = 0;
  const nextAlone = () => aloneCount++;
  const renderHere = async (n: number) => {
    await renderAlone(image, widthOf(n));
  };
  const renderThere = async (n: number) => {
    const copy = copies[Math.floor(n / WIDTHS.count)]!;
    const res = await fetch(`${owner.wharf.url}${owner.fileUrl(copy, `&width=${widthOf(n)}&type=webp`)}`, {
      headers: owner.headers,
    });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.status} ${Buffer.from(body).toString()}`);
  };
  // Alternated, sharp alone first and last: the machine's load changes over a run, and each side
  // then sees as much of it as the other.
  const sharpRuns: LoopRun[] = [];
  const endpointRuns: LoopRun[] = [];
  const alone = () =>
    loopAloud(`sharp alone, in the bench (${sharpRuns.length + 1})`, settings, nextAlone, renderHere, ownCpuSeconds);
  sharpRuns.push(await alone());
  for (let round = 1; round <= settings.rounds; round++) {
    const label = `GET /v1/drive/files/{id}?width=…&type=webp, fresh (${round})`;
    endpointRuns.push(await loopAloud(label, settings, nextVariant, renderThere, owner.wharf.cpuSeconds));
    sharpRuns.push(await alone());
  }
  const sharpPerSecond = mean(sharpRuns.map((r) => r.perSecond));
  const endpointPerSecond = mean(endpointRuns.map((r) => r.perSecond));
  const rates = sharpRuns.map((r) => r.perSecond);
  return {
    image: { ...IMAGE, bytes: image.length },
    concurrency: settings.concurrency,
    sharpRuns,
    endpointRuns,
    sharpPerSecond,
    endpointPerSecond,
    sharpSpread: (Math.max(...rates) - Math.min(...rates)) / sharpPerSecond,
    ratio: endpointPerSecond / sharpPerSecond,
    // CPU of all the process's threads per rendering: steadier than throughput on a shared machine.
    cpuMsEndpoint: mean(endpointRuns.map((r) => r.cpuMsPerItem ?? NaN)),
    cpuMsSharp: mean(sharpRuns.map((r) => r.cpuMsPerItem ?? NaN)),
    cachedFileId: copies[0]!,
  };
}

/* ---- Part 3: a cached variant against hello-world ---- */

async function measureCached(owner: Owner, fileId: string, hello: WharfServer, settings: Settings) {
  // What a storefront's <img> and the console ask: the image's signed public link (its preview's webp
  // at 400 px), with no token. The signature is checked on every request; the rendering is made now.
  const meta = await fetch(`${owner.wharf.url}/v1/drive/metadata/${fileId}?project=${owner.projectId}`, {
    headers: owner.headers,
  });
  const { preview } = (await meta.json()) as { preview: { sources: { type: string; srcset: string }[] } | null };
  const webp = preview?.sources.find((source) => source.type === 'image/webp')?.srcset.split(', ');
  const path = webp?.find((entry) => entry.endsWith(` ${CACHED_WIDTH}w`))?.split(' ')[0];
  if (!path) throw new Error(`no ${CACHED_WIDTH}w webp in the preview of ${fileId}`);
  const first = await fetch(`${owner.wharf.url}${path}`);
  const bytes = (await first.arrayBuffer()).byteLength;
  if (first.status !== 200) throw new Error(`GET ${path}: ${first.status}`);
  const helloRun = (nth: number) => measureAloud(`hello-world GET / (${nth})`, `${hello.url}/`, settings.load, hello);
  const before = await helloRun(1);
  const run = await measureAloud(
    `GET /v1/drive/public/{project}/files/{id}?width=${CACHED_WIDTH}&type=webp&… (signed, cached)`,
    `${owner.wharf.url}${path}`,
    settings.load,
    owner.wharf,
  );
  const after = await helloRun(2);
  const baseline = baselineOf(before, after);
  // A hello-world answering as many bytes: on two cores the load generator's reading of each
  // answer's bytes weighs on both runs alike, so this ratio shows what the server itself adds.
  const sameBytes = await measureAloud(
    `hello-world GET /bytes/${bytes}`,
    `${hello.url}/bytes/${bytes}`,
    settings.load,
    hello,
  );
  return {
    bytes,
    helloRuns: [before, after],
    baseline,
    run,
    ratio: run.reqPerSec / baseline.reqPerSec!,
    sameBytes,
    ratioToSameBytes: run.reqPerSec / sameBytes.reqPerSec,
  };
}

/* ---- Part 4: the metadata list at a million files ---- */

/**
 * BENCH_FILES ready files in one statement: names of ten words and a hash (so the name order is not
 * the insertion order), seven types (three of them images), sizes up to 50 MB, five sets of tags,
 * one in ten public, made a second apart going back from now, uploaded by the admin.
 */
async function insertFiles(databaseUrl: string, projectId: string, files: number) {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const { db } = handle;
    process.stdout.write(`  inserting ${files.toLocaleString('en')} files ... `);
    const started = performance.now();
    await db.execute(sql`
      insert into drive_files (project_id, name, folder, type, size, status, version, object_key, sha256,
        width, height, tags, alt_text, custom, public, uploaded_by, created_at, updated_at, uploaded_at)
      select ${projectId}::uuid,
        (array['logo', 'banner', 'photo', 'invoice', 'report', 'hero', 'product', 'team', 'avatar', 'poster'])[1 + (i * 7) % 10]
          || '-' || substr(md5(i::text), 1, 10)
          || (array['.jpg', '.png', '.webp', '.pdf', '.mp4', '.txt', '.zip'])[1 + i % 7],
        (array['', 'products', 'products/summer', 'brand', 'documents'])[1 + (i / 7) % 5],
        (array['image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'video/mp4', 'text/plain', 'application/zip'])[1 + i % 7],
        1000 + (i::bigint * 7919) % 50000000,
        'ready', 1, 'bench/' || i, md5(i::text) || md5((-i)::text),
        case when i % 7 < 3 then 2000 end, case when i % 7 < 3 then 1500 end,
        (array['{summer}', '{summer,sale}', '{winter}', '{winter,sale}', '{}'])[1 + (i / 3) % 5]::text[],
        '', '{}'::jsonb, i % 10 = 0,
        (select id from users order by created_at limit 1),
        now() - make_interval(secs => i), now() - make_interval(secs => i), now() - make_interval(secs => i)
      from generate_series(1, ${files}::int) as i`);
    const insertSeconds = (performance.now() - started) / 1000;
    await db.execute(sql`analyze drive_files`);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`${fixed(insertSeconds, 1)} s, with analyze ${fixed(seconds, 1)} s\n`);
    return { insertSeconds, withAnalyzeSeconds: seconds };
  } finally {
    await handle.close();
  }
}

interface Timed {
  label: string;
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
}

/**
 * Each path `samples` times, one request at a time, the paths in turns (their order rotating), after
 * a few rounds of warm-up: a shared machine's changing load falls on all of them alike.
 */
async function timeOneAtATime(owner: Owner, targets: { label: string; path: string }[], samples: number) {
  process.stdout.write(`  ${samples} requests each, one at a time, in turns ... `);
  const times: number[][] = targets.map(() => []);
  const warmup = Math.min(20, samples);
  for (let round = 0; round < warmup + samples; round++) {
    for (let k = 0; k < targets.length; k++) {
      const i = (round + k) % targets.length;
      const started = performance.now();
      const res = await fetch(`${owner.wharf.url}${targets[i]!.path}`, { headers: owner.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${targets[i]!.path}: ${res.status}`);
      if (round >= warmup) times[i]!.push(performance.now() - started);
    }
  }
  const timed: Timed[] = targets.map(({ label }, i) => {
    const sorted = times[i]!.sort((a, b) => a - b);
    return {
      label,
      samples,
      p50Ms: percentile(sorted, 50),
      p90Ms: percentile(sorted, 90),
      p99Ms: percentile(sorted, 99),
    };
  });
  process.stdout.write(`p50 ${timed.map((t) => `${fixed(t.p50Ms, 2)} ms`).join(', ')}\n`);
  return timed;
}

async function measureMetadata(owner: Owner, databaseUrl: string, settings: Settings) {
  const seeded = await insertFiles(databaseUrl, owner.projectId, settings.files);
  const list = (extra: string) => `/v1/drive/metadata?project=${owner.projectId}&pageSize=${PAGE_SIZE}&${extra}`;
  const byName = list('sortBy=name');
  let token: string | null = null;
  let firstName = '';
  process.stdout.write(`  following nextPageToken to page ${FAR_PAGE} ... `);
  const walked = performance.now();
  for (let page = 1; page < FAR_PAGE; page++) {
    const path: string = token ? `${byName}&pageToken=${encodeURIComponent(token)}` : byName;
    const body = await owner.call<{ items: { name: string }[]; nextPageToken: string | null }>(
      'GET',
      path,
      undefined,
      200,
    );
    if (page === 1) firstName = body.items[0]?.name ?? '';
    token = body.nextPageToken;
    if (!token) throw new Error(`page ${page} of the list has no next page`);
  }
  const walkMs = (performance.now() - walked) / (FAR_PAGE - 1);
  process.stdout.write(`${ms(walkMs)} ms a page\n`);
  const farPath = `${byName}&pageToken=${encodeURIComponent(token!)}`;
  const far = await owner.call<{ items: { name: string }[] }>('GET', farPath, undefined, 200);
  if (far.items.length !== PAGE_SIZE || far.items[0]!.name === firstName) {
    throw new Error(`page ${FAR_PAGE} is not a later page of the same order`);
  }
  const searchPath = list(`query=${encodeURIComponent(SEARCH)}`);
  const found = await owner.call<{ items: unknown[] }>('GET', searchPath, undefined, 200);
  const targets = [
    { label: 'GET /v1/drive/metadata?sortBy=name (page 1)', path: byName },
    { label: `GET /v1/drive/metadata?sortBy=name (page ${FAR_PAGE})`, path: farPath },
    { label: `GET /v1/drive/metadata?query=${SEARCH}`, path: searchPath },
  ];
  const [alone1, aloneFar, aloneSearch] = await timeOneAtATime(owner, targets, settings.pageSamples);
  const measure = ({ label, path }: { label: string; path: string }) =>
    measureAloud(label, `${owner.wharf.url}${path}`, settings.load, owner.wharf, owner.headers);
  const page1 = await measure(targets[0]!);
  const pageFar = await measure(targets[1]!);
  const search = await measure(targets[2]!);
  return {
    files: settings.files,
    ...seeded,
    walkMsPerPage: walkMs,
    oneAtATime: { page1: alone1!, pageFar: aloneFar!, search: aloneSearch! },
    // The goal's figure: the time of one request, the two pages' requests taken in turns.
    ratio: aloneFar!.p50Ms / alone1!.p50Ms,
    page1,
    pageFar,
    // The same under load: time per request at the same concurrency, the inverse of the throughputs.
    loadedRatio: page1.reqPerSec / pageFar.reqPerSec,
    search,
    searchItems: found.items.length,
  };
}

/* ---- The run ---- */

/**
 * Wharf with a project of the admin's, the Drive module installed and a quota the run fits in; then
 * stopped, so the measured server starts fresh (its memory has seen only a sign-in).
 */
async function prepare(dataDir: string, env: Record<string, string>, quotaBytes: number) {
  const wharf = await startWharf(dataDir, env);
  const { email, session } = await adminSession(wharf);
  if (!email) throw new Error('the admin link names no email');
  const { token } = await credentialsOn(wharf, session);
  const projectId = await createProject(wharf, token, 'Drive');
  const admin = new Owner(wharf, token, projectId);
  await admin.call('POST', `/v1/projects/${projectId}/integrations/drive`, undefined, 201);
  await admin.call('POST', `/v1/drive/admin/projects/${projectId}`, { quotaBytes }, 201);
  await wharf.stop();
  return { email, projectId };
}

const verdict = (met: boolean | null) => (met === null ? 'reported' : met ? 'met' : 'NOT MET');

async function main() {
  const settings = readSettings(process.env);
  const m = machine();
  describeRun('Wharf drive bench', m, settings.load);
  console.log(
    `parts: ${[...settings.parts].join(', ')}; upload ${settings.uploadMb} MiB; ${settings.files.toLocaleString('en')} files; ` +
      `renderings ${settings.concurrency} at a time`,
  );

  const scratch = await createScratchPostgresDatabase(settings.postgresUrl);
  cleanups.push(scratch.drop);
  const dataDir = temporaryFolder('drive');
  const env = { DATABASE_URL: scratch.url };
  const quotaBytes = (settings.uploadMb + 1024) * MiB;
  const { email, projectId } = await prepare(dataDir, env, quotaBytes);
  const hello = await startHello();
  const profile = process.env.BENCH_CPU_PROF;
  const wharf = await startWharf(dataDir, env, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  const { token } = await credentialsOn(wharf, await signIn(wharf, email));
  const owner = new Owner(wharf, token, projectId);

  let upload: Awaited<ReturnType<typeof measureUpload>> | undefined;
  if (settings.parts.has('upload')) {
    console.log('\nupload (PostgreSQL, local store)');
    upload = await measureUpload(owner, settings);
  }
  const image = await testImage();
  let transform: Awaited<ReturnType<typeof measureTransforms>> | undefined;
  if (settings.parts.has('transform') || settings.parts.has('cached')) {
    console.log(`\nrenderings of a ${IMAGE.width}×${IMAGE.height} JPEG (${mb(image.length)})`);
    if (settings.parts.has('transform')) transform = await measureTransforms(owner, image, settings);
  }
  let cached: Awaited<ReturnType<typeof measureCached>> | undefined;
  if (settings.parts.has('cached')) {
    const fileId =
      transform?.cachedFileId ?? (await owner.upload({ name: 'photo.jpg', type: 'image/jpeg', bytes: image }));
    cached = await measureCached(owner, fileId, hello, settings);
  }
  let metadata: Awaited<ReturnType<typeof measureMetadata>> | undefined;
  if (settings.parts.has('metadata')) {
    console.log(`\nmetadata list at ${settings.files.toLocaleString('en')} files`);
    metadata = await measureMetadata(owner, scratch.url, settings);
  }
  const peakRssBytes = wharf.peakRssBytes();
  const problems = [...crashesOf([wharf, hello])];
  await cleanUp();

  const autocannonRuns: Run[] = [
    ...(cached ? [...cached.helloRuns, cached.run] : []),
    ...(metadata ? [metadata.page1, metadata.pageFar, metadata.search] : []),
  ];
  problems.push(...problemsOfRuns(autocannonRuns));
  for (const loop of transform ? [...transform.sharpRuns, ...transform.endpointRuns] : []) {
    if (loop.failed) problems.push(`${loop.label}: ${loop.failed} failed (${loop.errors.join('; ')})`);
  }

  const details: string[] = [];
  const rows: { goal: string; measured: string; target: string; met: boolean | null }[] = [];
  if (upload) {
    const above = upload.aboveIdleBytes;
    rows.push({
      goal: `${settings.uploadMb} MiB upload: peak server memory above idle`,
      measured: `${mb(above)} (idle ${mb(upload.idleRssBytes)}, peak ${mb(upload.peakRssBytes)})`,
      target: `< ${GOALS.uploadAboveIdleMb} MB`,
      met: above === undefined ? null : above < GOALS.uploadAboveIdleMb * MiB,
    });
    details.push(
      `upload of ${settings.uploadMb} MiB: ${fixed(upload.mibPerSecond, 0)} MiB/s (${fixed(upload.seconds, 1)} s); ` +
        `idle VmRSS ${mb(upload.idleRssBytes)}, VmHWM ${mb(upload.idleHwmBytes)}; peak ${mb(upload.peakRssBytes)} ` +
        `(${upload.peakMethod}; VmRSS sampled every 20 ms peaked at ${mb(upload.sampledPeakRssBytes)})`,
    );
  }
  if (transform) {
    rows.push({
      goal: 'fresh renderings: endpoint / sharp alone',
      measured:
        `${fixed(transform.ratio, 2)} (${fixed(transform.endpointPerSecond, 1)} / ` +
        `${fixed(transform.sharpPerSecond, 1)} a second)`,
      target: `>= ${GOALS.transformToSharp}`,
      met: transform.ratio >= GOALS.transformToSharp,
    });
    for (const loop of [...transform.sharpRuns, ...transform.endpointRuns]) {
      details.push(
        `${loop.label}: ${fixed(loop.perSecond, 1)} a second, p50 ${fixed(loop.p50Ms, 0)} ms, ` +
          `p99 ${fixed(loop.p99Ms, 0)} ms, ${fixed(loop.cpuMsPerItem ?? undefined, 1)} ms of CPU each` +
          (loop.exhausted ? ' (ran out of fresh variants)' : ''),
      );
    }
    details.push(
      `renderings, ${transform.concurrency} at a time: CPU per rendering (all threads) ${fixed(transform.cpuMsEndpoint, 1)} ms ` +
        `in the server against ${fixed(transform.cpuMsSharp, 1)} ms for sharp alone; sharp alone's runs ` +
        `${fixed(transform.sharpSpread * 100, 0)}% apart`,
    );
  }
  if (cached) {
    const { run, baseline } = cached;
    rows.push({
      goal: 'cached variant: ratio to hello-world',
      measured: `${fixed(cached.ratio, 3)} (${fixed(run.reqPerSec, 0)} / ${fixed(baseline.reqPerSec, 0)} req/s)`,
      target: `>= ${GOALS.cachedToHello}`,
      met: cached.ratio >= GOALS.cachedToHello,
    });
    details.push(
      `cached variant (${cached.bytes} bytes of webp): ${fixed(run.reqPerSec, 0)} req/s, p50 ${ms(run.p50Ms)} ms, ` +
        `p99 ${ms(run.p99Ms)} ms, ${fixed(run.cpuUsPerRequest, 0)} µs of server CPU a request; hello-world ` +
        `${fixed(baseline.reqPerSec, 0)} req/s (runs ${fixed(baseline.spread * 100, 0)}% apart), ` +
        `${fixed(baseline.cpuUsPerRequest, 0)} µs a request`,
      `cached variant against a hello-world answering the same ${cached.bytes} bytes: ` +
        `${fixed(cached.ratioToSameBytes, 3)} (${fixed(cached.sameBytes.reqPerSec, 0)} req/s, ` +
        `${fixed(cached.sameBytes.cpuUsPerRequest, 0)} µs of its CPU a request)`,
    );
  }
  if (metadata) {
    const { oneAtATime: alone } = metadata;
    rows.push({
      goal: `list by name, page ${FAR_PAGE} / page 1 (p50 of one request)`,
      measured:
        `${fixed(metadata.ratio, 2)} (${fixed(alone.pageFar.p50Ms, 2)} / ${fixed(alone.page1.p50Ms, 2)} ms; ` +
        `under load ${fixed(metadata.loadedRatio, 2)})`,
      target: `<= ${GOALS.page500ToPage1}`,
      met: metadata.ratio <= GOALS.page500ToPage1,
    });
    rows.push({
      goal: `search "${SEARCH}": p99 under autocannon`,
      measured: `${ms(metadata.search.p99Ms)} ms (alone: p99 ${fixed(alone.search.p99Ms, 1)} ms)`,
      target: 'reported, no goal',
      met: null,
    });
    details.push(
      `${settings.files.toLocaleString('en')} files inserted in ${fixed(metadata.insertSeconds, 1)} s ` +
        `(${fixed(metadata.withAnalyzeSeconds, 1)} s with analyze); following nextPageToken: ` +
        `${ms(metadata.walkMsPerPage)} ms a page; the search's first page holds ${metadata.searchItems} files`,
    );
    for (const t of [alone.page1, alone.pageFar, alone.search]) {
      details.push(
        `${t.label}, one at a time: p50 ${fixed(t.p50Ms, 2)} ms, p90 ${fixed(t.p90Ms, 2)} ms, p99 ${fixed(t.p99Ms, 2)} ms`,
      );
    }
    for (const run of [metadata.page1, metadata.pageFar, metadata.search]) {
      details.push(
        `${run.label}, ${settings.load.connections} connections: ${fixed(run.reqPerSec, 0)} req/s, ` +
          `p50 ${ms(run.p50Ms)} ms, p99 ${ms(run.p99Ms)} ms, ${fixed(run.cpuUsPerRequest, 0)} µs of server CPU a request`,
      );
    }
  }
  details.push(`the server's peak memory (VmHWM) over the whole run: ${mb(peakRssBytes)}`);
  console.log(`\n${details.join('\n')}`);

  console.log(`\nGoals (issue 20), in one run on ${m.cpus} CPUs`);
  console.log(
    table(
      ['goal', 'measured', 'target', 'result'],
      rows.map((r) => [r.goal, r.measured, r.target, verdict(r.met)]),
    ),
  );
  const warning = cached && noisyBaselineWarning(cached.baseline);
  if (warning) console.log(warning);
  if (transform && transform.sharpSpread > 0.15) {
    console.log(
      `warning: sharp alone's runs differ by ${fixed(transform.sharpSpread * 100, 0)}%: the machine was busy, ` +
        'so run again before trusting the ratio.',
    );
  }
  const judged = rows.filter((r) => r.met !== null);
  const allMet = judged.every((r) => r.met);

  writeResults('drive-latest.json', {
    date: new Date().toISOString(),
    machine: m,
    load: { ...settings.load, warmupSeconds: WARMUP_SECONDS },
    settings: { ...settings, parts: [...settings.parts], load: undefined },
    goals: GOALS,
    upload,
    transform,
    cached,
    metadata,
    peakRssBytes,
    results: rows,
    goalsMet: allMet,
    problems,
  });
  console.log(
    `drive goals: ${allMet ? 'all met' : 'NOT MET'} (${judged.filter((r) => r.met).length} of ${judged.length})`,
  );
  if (!allMet && settings.strict) process.exitCode ||= 2;
}

runBench(main, cleanUp);
