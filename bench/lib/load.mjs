// One measurement = a short warm-up (JIT, caches, keep-alive sockets) then the measured run, both
// with the same autocannon options so every target is driven the same way.
import autocannon from 'autocannon';

export const WARMUP_SECONDS = 2;

/**
 * autocannon appends every answer's body to a string (`PipelinedRequestsQueue.addBody`:
 * `req.body += data`), only to compare it with `expectBody`, which no bench uses. Decoding a binary
 * body as UTF-8 is slow: an 11.6 KB webp cost the load generator more than the server spent on it
 * (autocannon at a full core, 13k answers a second whether the server was Wharf or a bare Node.js
 * server replaying the same answer, and 38k for the same size of ASCII bytes). The bodies are
 * still read and their bytes counted; only the string is not made.
 */
function countBodiesOnly(client) {
  client.pipelinedRequests.addBody = () => {};
}

/**
 * @param {string} url
 * @param {{ connections: number, duration: number, pipelining: number }} options
 * @param {{ cpuSeconds: () => number | undefined }} server the process answering url, for its CPU time
 * @param {Record<string, string>} [headers] sent with every request (a credential, accept-encoding)
 */
export async function measure(url, options, server, headers = {}) {
  const run = { url, ...options, headers, setupClient: countBodiesOnly };
  const warmup = summarize(await autocannon({ ...run, duration: WARMUP_SECONDS }));
  const cpuBefore = server.cpuSeconds();
  const measured = summarize(await autocannon(run));
  const cpuUsed = server.cpuSeconds() - cpuBefore;
  // NaN when /proc is missing (not Linux): reported as unknown, never as a figure.
  const cpuUsPerRequest = Number.isFinite(cpuUsed) ? (cpuUsed * 1e6) / measured.totalRequests : null;
  return { ...measured, cpuUsPerRequest, warmupProblems: problemsOf(warmup) };
}

/** measure, saying what runs and its requests per second on one line of output. */
export async function measureAloud(label, url, options, server, headers = {}) {
  process.stdout.write(`  ${label}: ${WARMUP_SECONDS} s warm-up + ${options.duration} s ... `);
  const run = { label, url, ...(await measure(url, options, server, headers)) };
  process.stdout.write(`${Math.round(run.reqPerSec)} req/s\n`);
  return run;
}

/** Only the figures the report needs, so results JSON stays readable. */
function summarize(result) {
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

/** Counts that make a run meaningless: a fast 404 or a refused connection is not throughput. */
export function problemsOf(run) {
  const counts = { non2xx: run.non2xx, errors: run.errors, timeouts: run.timeouts };
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
}
