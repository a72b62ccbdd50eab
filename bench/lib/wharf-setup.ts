// What the TypeScript benches (read-path.ts, drive.ts) share around a started Wharf: a temporary
// folder gone on exit, a project made through the API, and the admin's credentials on one server.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopAllServers } from './servers.mjs';
import { bearerToken, type startWharf } from './wharf.mjs';

export type WharfServer = Awaited<ReturnType<typeof startWharf>>;

/** The admin's credentials, for one server (a token names the server's address). */
export interface Credentials {
  session: string;
  token: string;
}

/** A fresh folder under the system's temporary one, removed when the process exits. */
export function temporaryFolder(bench: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `wharf-bench-${bench}-`));
  // On exit, not in finally: Ctrl-C leaves through process.exit and must not leave the folder behind.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A project of the token's user (its owner), in a new organisation; answers its id. */
export async function createProject(wharf: WharfServer, token: string, name: string): Promise<string> {
  const res = await fetch(`${wharf.url}/v1/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, organisationName: `${name} Org` }),
  });
  if (res.status !== 201) throw new Error(`POST /v1/projects: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export async function credentialsOn(wharf: WharfServer, session: string | undefined): Promise<Credentials> {
  if (!session) throw new Error('Wharf opened no session');
  return { session, token: await bearerToken(wharf, session) };
}

export const mb = (bytes: number | undefined) =>
  bytes === undefined ? 'unknown' : `${Math.round(bytes / 1024 / 1024)} MB`;

/** A project's calls as one person makes them on one server, with their bearer token. */
export class ProjectCaller {
  constructor(
    readonly wharf: WharfServer,
    readonly token: string,
    readonly projectId: string,
  ) {}

  get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** A JSON call; any status but `status` throws with the answer. */
  async call<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
    const res = await fetch(`${this.wharf.url}${path}`, {
      method,
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} (not ${status}) ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/** What to undo on the way out (scratch databases, Redis keys), also after an error or Ctrl-C. */
export const cleanups: (() => Promise<void>)[] = [];

/** Stops every server the bench started, then runs the cleanups. */
export async function cleanUp(): Promise<void> {
  await stopAllServers();
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((error) => console.error(`cleanup: ${error}`));
}
