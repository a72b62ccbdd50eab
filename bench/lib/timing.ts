// Timings the benches take themselves (not through autocannon): percentiles of a list of times, several
// requests timed one at a time in turns, and a process's resident memory read from /proc.
import { readFileSync } from 'node:fs';
import { fixed } from './report.mjs';

/** The p-th percentile (0..100) of times sorted ascending; NaN for none. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;

export interface Timed {
  label: string;
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The percentiles of a list of times in ms (the list is sorted in place). */
export function timedOf(label: string, times: number[]): Timed {
  const sorted = times.sort((a, b) => a - b);
  return {
    label,
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? NaN,
  };
}

/**
 * Each target's `run` `samples` times, one at a time, the targets in turns (their order rotating),
 * after `warmup` rounds not counted: a shared machine's changing load falls on all of them alike.
 */
export async function timeInTurns(
  targets: readonly { label: string; run: () => Promise<void> }[],
  samples: number,
  warmup = Math.min(20, samples),
): Promise<Timed[]> {
  process.stdout.write(`  ${samples} requests each, one at a time, in turns ... `);
  const times: number[][] = targets.map(() => []);
  for (let round = 0; round < warmup + samples; round++) {
    for (let k = 0; k < targets.length; k++) {
      const i = (round + k) % targets.length;
      const started = performance.now();
      await targets[i]!.run();
      if (round >= warmup) times[i]!.push(performance.now() - started);
    }
  }
  const timed = targets.map(({ label }, i) => timedOf(label, times[i]!));
  process.stdout.write(`p50 ${timed.map((t) => `${fixed(t.p50Ms, 2)} ms`).join(', ')}\n`);
  return timed;
}

/** A process's resident memory now (VmRSS) or its high-water mark (VmHWM); undefined where /proc is missing. */
export function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | undefined {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm'));
    return kb ? Number(kb[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
