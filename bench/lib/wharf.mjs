// Starting Wharf and a hello-world for a benchmark, and signing in as the first admin.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from './servers.mjs';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
const HOST = '127.0.0.1';
export const PASSWORD = 'bench-harbour-password-1';

/** A bare server of bench/ (hello-world.mjs, pg-floor.mjs) on a free port, answering on `/`. */
async function startBare(name, file, extraEnv = {}) {
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}`;
  const server = await startServer({
    name,
    script: path.join(benchDir, file),
    env: { ...process.env, HOST, PORT: String(port), ...extraEnv },
    readyUrl: `${url}/`,
  });
  return { ...server, url };
}

export const startHello = () => startBare('hello-world', 'hello-world.mjs');

/** Fastify and one prepared PostgreSQL statement per request: the floor of a database-backed answer. */
export const startPostgresFloor = (databaseUrl) => startBare('pg-floor', 'pg-floor.mjs', { DATABASE_URL: databaseUrl });

/** `nodeArgs` go before the script: `['--cpu-prof', '--cpu-prof-dir=…']` profiles the server. */
export async function startWharf(dataDir, extraEnv = {}, nodeArgs = []) {
  const port = await freePort(HOST);
  const url = `http://${HOST}:${port}`;
  // The embedded database in a fresh folder unless the caller names a (scratch) PostgreSQL database:
  // a bench must never write to the developer's real one.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    HOST,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    ...extraEnv,
  };
  const server = await startServer({
    name: 'wharf',
    // BENCH_WHARF_SERVER: another build's main.js (an earlier commit's worktree), for before/after runs.
    script: process.env.BENCH_WHARF_SERVER ?? path.join(repoRoot, 'apps/server/dist/main.js'),
    env,
    readyUrl: `${url}/healthz`,
    nodeArgs,
  });
  return { ...server, url };
}

/** The account API's double-submit check accepts any cookie/header pair that agree. */
export const csrf = { cookie: 'wharf-XSRF-TOKEN=bench', 'x-csrf-token': 'bench' };

/** Set the first admin's password through the printed one-time link; answer the session cookie. */
export async function adminSession(wharf) {
  const link = new URL(wharf.output().match(/http\S+\/set-password\?\S+/)[0]);
  const email = link.searchParams.get('email');
  const res = await fetch(`${wharf.url}/omnis/v3/dashboard/user/set-password`, {
    method: 'POST',
    headers: { ...csrf, 'content-type': 'application/json' },
    body: JSON.stringify({
      token: link.searchParams.get('token'),
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
  });
  if (!res.ok) throw new Error(`set-password failed: ${res.status} ${await res.text()}`);
  return { email, session: sessionCookie(res) };
}

/** `wharf_session=…` from an answer that opened a session. */
const sessionCookie = (res) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('wharf_session='))
    ?.split(';')[0];

/**
 * Sign in with the password adminSession set; answer the session cookie. A restarted server needs
 * this: its tokens name the server's address (PUBLIC_URL), which changes with the port.
 */
export async function signIn(wharf, email) {
  const res = await fetch(`${wharf.url}/omnis/v3/dashboard/user/login`, {
    method: 'POST',
    headers: { ...csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

export async function bearerToken(wharf, session) {
  const res = await fetch(`${wharf.url}/omnis/v3/dashboard/user/token`, {
    method: 'POST',
    headers: { ...csrf, cookie: `${csrf.cookie}; ${session}` },
  });
  return (await res.json()).token;
}
