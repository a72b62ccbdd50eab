// What the load benches share around their measurements: settings from the environment, the
// hello-world baseline and its spread, failed requests, plain-text tables and the results file.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WARMUP_SECONDS, problemsOf } from './load.mjs';
import { stopAllServers } from './servers.mjs';
import { repoRoot } from './wharf.mjs';

/** Two baseline runs further apart than this mean the machine's load changed during the run. */
export const NOISY_BASELINE_SPREAD = 0.15;

/**
 * @param {Record<string, string | undefined>} env
 * @param {string} name
 * @param {number} fallback
 */
export function positiveInteger(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** autocannon's options: BENCH_CONNECTIONS (50) connections for BENCH_DURATION (10) seconds. */
export function loadSettings(env) {
  return {
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 50),
    duration: positiveInteger(env, 'BENCH_DURATION', 10),
    pipelining: 1,
  };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
}

/** The bench's first lines: the machine and how every target is driven. */
export function describeRun(title, m, load) {
  console.log(`${title}: ${m.cpus} CPUs (${m.cpuModel}), Node ${m.node}`);
  console.log(
    `autocannon: ${load.connections} connections, ${load.duration} s per run after ${WARMUP_SECONDS} s warm-up, pipelining ${load.pipelining}`,
  );
}

const meanOf = (a, b) => (a === null || b === null ? null : (a + b) / 2);

/** The mean of two hello-world runs, and how far apart they are (a fraction of the mean). */
export function baselineOf(before, after) {
  const reqPerSec = meanOf(before.reqPerSec, after.reqPerSec);
  return {
    label: 'hello-world (mean of 2)',
    reqPerSec,
    p99Ms: meanOf(before.p99Ms, after.p99Ms),
    cpuUsPerRequest: meanOf(before.cpuUsPerRequest, after.cpuUsPerRequest),
    spread: Math.abs(before.reqPerSec - after.reqPerSec) / reqPerSec,
  };
}

/** A warning to print when the baseline moved too much to trust the ratios against it, else null. */
export function noisyBaselineWarning(baseline) {
  if (baseline.spread <= NOISY_BASELINE_SPREAD) return null;
  return (
    `warning: the two hello-world runs differ by ${(baseline.spread * 100).toFixed(0)}%: ` +
    'the machine was busy, so run again before trusting the ratio.'
  );
}

/** The failed requests of each run (label, figures, warm-up problems): any one makes its figures meaningless. */
export function problemsOfRuns(runs) {
  const problems = [];
  for (const run of runs) {
    const measured = problemsOf(run);
    if (measured.length)
      problems.push(`${run.label}: ${measured.join(', ')} (status codes ${JSON.stringify(run.statusCodes)})`);
    if (run.warmupProblems.length) problems.push(`${run.label} (warm-up): ${run.warmupProblems.join(', ')}`);
  }
  return problems;
}

/** A server that died mid-run explains its failed requests better than any count. */
export function crashesOf(servers) {
  return servers
    .filter((server) => server.exited())
    .map(
      (server) =>
        `${server.name} exited during the run (code ${server.child.exitCode}, signal ${server.child.signalCode}); ` +
        `its output (tail):\n${server.output()}`,
    );
}

export const fixed = (value, digits) => (value === undefined || value === null ? '' : value.toFixed(digits));
/** autocannon records latency in whole milliseconds, so "4.0" would claim a precision it does not have. */
export const ms = (value) => String(Math.round(value * 10) / 10);

/**
 * Columns padded to their widest cell: the first left-aligned, the others right-aligned.
 * @param {string[]} header
 * @param {string[][]} body
 */
export function table(header, body) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/**
 * Writes bench/results/<name> (not committed), then fails the exit code if `results.problems` lists
 * failed requests: a goal missed is a finding, figures from failed requests mean nothing.
 */
export function writeResults(name, results) {
  const dir = path.join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nresults written to ${path.relative(repoRoot, file)}`);
  if (results.problems.length) {
    console.error(
      `\nFAILED: some runs had failed requests, so their figures mean nothing:\n  ${results.problems.join('\n  ')}`,
    );
    process.exitCode = 1;
  }
}

/** Runs a bench's main; on an error or Ctrl-C, `cleanUp` (stop the servers we started, …) before leaving. */
export function runBench(main, cleanUp = stopAllServers) {
  process.once('SIGINT', () => {
    cleanUp().finally(() => process.exit(130));
  });
  main().catch(async (error) => {
    console.error(`\nbench failed: ${error.stack ?? error}`);
    await cleanUp();
    process.exitCode = 1;
  });
}
