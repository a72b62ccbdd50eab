// Servers under test run as child processes: autocannon in the bench process must not share an
// event loop (or a heap) with the server it measures.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_CHARS = 8_000;

/** Every child still running, so an error or Ctrl-C anywhere still stops them all. */
const running = new Set();

/** A port nobody listens on now: the OS picks one for port 0, we release it for the child. */
export function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ host, port: 0 }, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start `node script` with env, then poll readyUrl until it answers 2xx. Its output is kept (not
 * echoed: Wharf prints a one-time admin link) and shown only if it fails to start.
 * @returns {Promise<{ name: string, child: import('node:child_process').ChildProcess, output: () => string,
 *   stop: () => Promise<void>, cpuSeconds: () => number | undefined, peakRssBytes: () => number | undefined,
 *   exited: () => boolean }>}
 */
export async function startServer({ name, script, env, readyUrl, timeoutMs = 60_000, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));

  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const server = {
    name,
    child,
    output: () => output,
    stop: () => stopChild(child),
    cpuSeconds: () => cpuSeconds(child.pid),
    peakRssBytes: () => peakRssBytes(child.pid),
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
  try {
    await waitUntilReady(server, readyUrl, timeoutMs);
  } catch (error) {
    await server.stop();
    throw new Error(`${name} did not start: ${error.message}\n--- ${name} output (tail) ---\n${output}`, {
      cause: error,
    });
  }
  return server;
}

async function waitUntilReady(server, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited()) {
      throw new Error(`it exited (code ${server.child.exitCode}, signal ${server.child.signalCode})`);
    }
    if (await answers(url)) return;
    await delay(250);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs / 1000} s`);
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false; // not listening yet
  }
}

/** Kernel clock ticks per second, the unit of the CPU times in /proc/<pid>/stat. */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system) a process has used so far, or undefined where /proc is missing.
 * Throughput on a shared machine swings with the neighbours' load; CPU time per request barely does.
 */
function cpuSeconds(pid) {
  try {
    // The command name (field 2) may hold spaces, so count fields after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks; // utime, stime: fields 14 and 15
  } catch {
    return undefined;
  }
}

/** The most memory a process has held so far (VmHWM, its RSS high-water mark), or undefined where /proc is missing. */
function peakRssBytes(pid) {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB$/m);
    return kb ? Number(kb[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** SIGTERM, wait for the exit; SIGKILL only if a graceful shutdown hangs. */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAllServers() {
  await Promise.all([...running].map(stopChild));
}

// Last resort when the bench dies without reaching its cleanup: no waiting is possible here, but a
// SIGTERM still lets each server shut down on its own instead of holding its port.
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
