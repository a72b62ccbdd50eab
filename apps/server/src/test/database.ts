import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../core/db/database.js';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a database created
 * for the occasion on the PostgreSQL server named by DATABASE_URL (and dropped by `close`).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return handle;
  }
  const scratch = await createScratchPostgresDatabase(adminUrl);
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** An empty database on the server `adminUrl` points at, and the way to drop it. */
/**
 * The PostgreSQL server tests that need one whatever the run's database (several servers racing on
 * one empty database): DATABASE_URL's, else the one CI and development machines run locally.
 */
export const testPostgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createScratchPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wharf_test_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
