import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread.js';
import { PreparingClient } from './prepared-statements.js';
import { serverRoot } from '../../config.js';
/**
 * The one database type every module codes against, whichever engine is underneath. It knows no
 * tables: each module imports its own from its `schema.ts` (tables are private to their module).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; services take `Database | Transaction` so callers can compose writes. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export const migrationsFolder = path.join(serverRoot, 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations that have not run yet, under the startup lock. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the startup lock: a PostgreSQL advisory lock (on a connection of its
   * own) that every Wharf process on this database takes, plus an in-process queue. Migrations and
   * first-start seeding run under it, so servers starting at once take turns (decision 024).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Cheap round trip, for health checks. */
  ping(): Promise<void>;
  /**
   * Calls `listener` with the text of every statement Drizzle sends until the returned function is
   * called: how tests and benches count the statements a request costs (docs/performance.md).
   */
  watchStatements(listener: (text: string) => void): () => void;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

/** The advisory lock's key: any fixed number, the same in every Wharf process ("wharf" in ASCII). */
export const STARTUP_LOCK_KEY = 0x7768617266;

/** Something that runs SQL on one connection of its own for as long as the lock is held. */
interface LockConnection {
  query(text: string, params: unknown[]): Promise<unknown>;
  release(): Promise<void>;
}

function startupLock(connect: () => Promise<LockConnection>) {
  // Advisory locks are per session: work queued in this process waits its turn here first.
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = async () => {
      const connection = await connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        // Ending the session also releases the lock, should the unlock itself have failed.
        await connection.release();
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };
}

/** Drizzle's logger hook, fanned out to whoever watches; nobody watching costs one size check. */
function statementWatchers() {
  const listeners = new Set<(text: string) => void>();
  return {
    logger: {
      logQuery(text: string) {
        if (listeners.size === 0) return;
        for (const listener of listeners) listener(text);
      },
    },
    watch(listener: (text: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function handleFor(
  db: Database,
  kind: DatabaseHandle['kind'],
  runMigrations: () => Promise<void>,
  exclusive: DatabaseHandle['exclusive'],
  close: () => Promise<void>,
  watchStatements: DatabaseHandle['watchStatements'],
): DatabaseHandle {
  return {
    db,
    kind,
    watchStatements,
    migrate: () => exclusive(runMigrations),
    exclusive,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const watchers = statementWatchers();
  if (options.kind === 'postgres') {
    // Every parameterised statement is prepared once per connection (see PreparingClient).
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, Client: PreparingClient });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, logger: watchers.logger }) as unknown as Database;
    const exclusive = startupLock(async () => {
      // Not from the pool: a pool of one must still be able to run the work while the lock is held.
      const client = new pg.Client({ connectionString: options.url });
      client.on('error', () => undefined);
      await client.connect();
      return { query: (text, params) => client.query(text, params), release: () => client.end() };
    });
    return handleFor(
      db,
      'postgres',
      () => migratePostgres(db as never, { migrationsFolder }),
      exclusive,
      () => pool.end(),
      watchers.watch,
    );
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  // On a thread of its own, so a slow statement never stalls the thread serving HTTP (decision 028).
  const client = await PGliteThread.open(dir);
  // PGliteThread answers the two calls Drizzle's PGlite driver makes (query and transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, logger: watchers.logger }) as unknown as Database;
  // PGlite has one session and one process; the same lock keeps the code path the same.
  const exclusive = startupLock(async () => ({
    query: (text, params) => client.query(text, params),
    release: async () => undefined,
  }));
  return handleFor(
    db,
    'pglite',
    () => migratePglite(db as never, { migrationsFolder }),
    exclusive,
    () => client.close(),
    watchers.watch,
  );
}
