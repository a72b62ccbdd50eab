import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestClock } from '../clock.js';
import { firstStart } from '../../modules/accounts/first-start.js';
import { allUsers } from '../../modules/accounts/testing.js';
import { allPlatforms } from '../../modules/platform/testing.js';
import { createScratchPostgresDatabase, testPostgresUrl } from '../../test/database.js';
import { testBootstrap, testConfig } from '../../test/app.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { openConfiguredDatabase } from './open-configured.js';

const INSTANCES = 4;

/** Does what main.ts does before it listens: open and migrate, build the app, first start. */
async function startLikeMain(databaseUrl: string) {
  const config = testConfig({ DATABASE_URL: databaseUrl });
  const database = await openConfiguredDatabase(config);
  const clock = createTestClock();
  const app = await buildApp(config, { database, clock });
  await app.ready();
  const first = await database.exclusive(() => firstStart(database.db, clock, testBootstrap));
  return { database, app, first };
}

describe('several servers starting at once on one empty PostgreSQL database', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('all start: migrations and first start run one at a time', async () => {
    const scratch = await createScratchPostgresDatabase(testPostgresUrl);
    cleanups.push(() => scratch.drop());
    const starts = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startLikeMain(scratch.url)));
    for (const start of starts) {
      if (start.status === 'fulfilled') {
        cleanups.push(async () => {
          await start.value.app.close();
          await start.value.database.close();
        });
      }
    }
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(
      Array(INSTANCES).fill('started'),
    );
    const started = starts.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startLikeMain>>>).value);
    const { db } = started[0]!.database;
    expect(await allPlatforms(db)).toHaveLength(1);
    expect((await allUsers(db)).filter((u) => u.isAdmin)).toHaveLength(1);
    // Every migration ran exactly once.
    const applied = await db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    const hashes = (applied as unknown as { rows: { hash: string }[] }).rows.map((r) => r.hash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});

describe('the startup lock', () => {
  let handle: DatabaseHandle;
  afterAll(async () => handle?.close());

  it('runs exclusive sections one after another, and migrating again is a no-op', async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await Promise.all([handle.migrate(), handle.migrate()]);
    let inside = 0;
    let most = 0;
    const section = () =>
      handle.exclusive(async () => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inside -= 1;
      });
    await Promise.all([section(), section(), section()]);
    expect(most).toBe(1);
  });
});
