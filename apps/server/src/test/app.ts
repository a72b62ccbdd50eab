import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createTestClock, type TestClock } from '../core/clock.js';
import type { DatabaseHandle } from '../core/db/database.js';
import { firstStart } from '../modules/accounts/first-start.js';
import { createTestDatabase } from './database.js';
import { deleteRedisKeys } from './redis.js';

/** A stand-in for the built web app, so HTTP tests do not depend on a Vite build. */
export function createFakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wharf-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Wharf</title></head><body><div id="root"></div></body></html>',
  );
  // What the web build lists per page (apps/web/build/route-preloads.ts), for two pages.
  const preloads = [
    { path: '/login', user: false, files: ['/assets/Login-abc123.js'] },
    { path: '/dashboard/', user: true, files: ['/assets/Dashboard-abc123.js', '/assets/StandardLayout-abc123.js'] },
    { path: '/support/tutorials/$blogSlug', user: true, files: ['/assets/Tutorial-abc123.js'] },
    { path: '/support/tutorials/new', user: true, files: ['/assets/NewTutorial-abc123.js'] },
  ];
  writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("wharf")');
  writeFileSync(path.join(dir, 'theme-init.js'), '/* theme */');
  return dir;
}

/** With REDIS_URL set (CI's PostgreSQL pass), test apps cache through Redis, each under keys of its own. */
function sharedCacheSettings(): Record<string, string> {
  const url = process.env.REDIS_URL;
  return url ? { REDIS_URL: url, REDIS_KEY_PREFIX: `wharf-test:${randomUUID()}:` } : {};
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: createFakeWebDist(),
    // The tests' own receivers (push service, module providers) listen on loopback; the guard refuses
    // loopback unless allowed, as a deployment allows its self-hosted peers (decision 024).
    OUTBOUND_ALLOW_HOSTS: '127.0.0.0/8,::1',
    // Each test app keeps its files in a folder of its own (made by the first upload), so test files
    // running side by side never share one; createTestApp's close removes it.
    DATA_DIR: path.join(tmpdir(), `wharf-data-${randomUUID()}`),
    ...sharedCacheSettings(),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/** buildApp on a fresh database of its own, with a movable clock. */
export async function createTestApp(
  options: { config?: Record<string, string>; deps?: Partial<AppDependencies>; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const clock = createTestClock();
  const config = testConfig(options.config);
  const app = await buildApp(config, { database, clock, ...options.deps });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      if (!options.config?.DATA_DIR) await rm(config.DATA_DIR, { recursive: true, force: true });
      if (config.REDIS_URL) await deleteRedisKeys(config.REDIS_URL, config.REDIS_KEY_PREFIX);
    },
  };
}

/** What first start is given in tests. */
export const testBootstrap = {
  platformName: 'Wharf',
  adminEmail: 'admin@wharf.local',
  publicUrl: 'http://localhost:3000',
};

/** A test app after first start, as every running server is: the default platform and its admin exist. */
export async function createStartedTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  await firstStart(t.database.db, t.clock, testBootstrap);
  return t;
}
