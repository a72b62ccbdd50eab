import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchPostgresDatabase } from '../../apps/server/src/test/database.js';
import { deleteRedisKeys } from '../../apps/server/src/test/redis.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** What a peer process shares with it: database, Redis keys, files, and the settings it was given. */
  shared: Record<string, string>;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
  /**
   * Stops the process as a deploy does (SIGTERM) and starts it again on the same address, database
   * and files: what a restart in the middle of a long job looks like.
   */
  restart(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/**
 * The real built server (`npm run build` first) on a free port, with a database of its own: a fresh
 * PGlite folder, or a scratch database on the PostgreSQL server DATABASE_URL names; with REDIS_URL,
 * its permission cache lives there under keys of its own.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wharf-e2e-'));
  const scratch = process.env.DATABASE_URL ? await createScratchPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const redis = process.env.REDIS_URL
    ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `wharf-e2e:${randomUUID()}:` }
    : undefined;
  const shared = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}), ...redis, ...env };
  return spawnServer(shared, async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
    if (redis) await deleteRedisKeys(redis.REDIS_URL, redis.REDIS_KEY_PREFIX);
  });
}

/**
 * A second server process beside `server`: the same PostgreSQL database, Redis keys and files, as
 * two copies behind a load balancer. Only with DATABASE_URL (PGlite is one process's own).
 */
export async function startPeer(server: RunningServer): Promise<RunningServer> {
  if (!server.shared.DATABASE_URL) throw new Error('A peer server needs PostgreSQL (DATABASE_URL)');
  return spawnServer(server.shared, async () => undefined);
}

async function spawnServer(shared: Record<string, string>, cleanUp: () => Promise<void>): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let current = await spawnProcess(shared, port, baseUrl);
  const stop = async () => {
    await current.end();
    await cleanUp();
  };
  try {
    await waitForHealth(baseUrl, current.child, current.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    shared,
    output: () => current.output(),
    stop,
    restart: async () => {
      await current.end();
      current = await spawnProcess(shared, port, baseUrl);
      await waitForHealth(baseUrl, current.child, current.output);
    },
  };
}

/** One run of the server process: its output, and a SIGTERM that waits for it to exit. */
async function spawnProcess(shared: Record<string, string>, port: number, baseUrl: string) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...shared,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const end = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { child, output: () => printed, end };
}
