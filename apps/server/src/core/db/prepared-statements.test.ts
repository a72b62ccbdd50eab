import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../test/database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { planPerCall } from './plan-per-call.js';
import { MAX_PREPARED_PER_CONNECTION, PreparingClient, statementName } from './prepared-statements.js';

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('statements prepared once per connection (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // A pool of one, so every call below runs on the connection whose prepared statements we read.
    handle = await openDatabase({ kind: 'postgres', url: testPostgresUrl, poolSize: 1 });
  });
  afterAll(() => handle.close());

  const prepared = async () =>
    rows(await handle.db.execute(sql`select name, statement from pg_prepared_statements where name like 'w\_%'`));

  it('prepares a parameterised statement under the name of its text, once, and answers as before', async () => {
    const query = (n: number) => handle.db.execute(sql`select ${n}::int * 2 as doubled, 'a' || ${String(n)} as label`);
    for (const n of [1, 2, 3]) expect(rows(await query(n))).toEqual([{ doubled: n * 2, label: `a${n}` }]);
    const mine = (await prepared()).filter((row) => String(row.statement).includes('as doubled'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toBe(statementName(String(mine[0]!.statement)));
  });

  it('leaves a statement marked to be planned per call unnamed, answering as before', async () => {
    const query = (n: number) => handle.db.execute(sql`select ${n}::int * 3 as tripled where ${planPerCall()}`);
    for (const n of [1, 2]) expect(rows(await query(n))).toEqual([{ tripled: n * 3 }]);
    expect((await prepared()).some((row) => String(row.statement).includes('as tripled'))).toBe(false);
  });

  it('leaves statements without parameters unnamed, so several in one text still run', async () => {
    await handle.db.execute(sql.raw('select 1; select 2'));
    expect((await prepared()).some((row) => String(row.statement).includes('select 2'))).toBe(false);
  });

  it('a failed statement leaves the connection usable, the next call prepares it afresh', async () => {
    const divide = (n: number) => handle.db.execute(sql`select 10 / ${n}::int as quotient`);
    await expect(divide(0)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
    expect(rows(await divide(5))).toEqual([{ quotient: 2 }]);
  });

  it('a transaction that rolls back keeps the statements it prepared working', async () => {
    const probe = (n: number) => sql`select ${n}::int + 100 as shifted`;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(probe(1));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rows(await handle.db.execute(probe(2)))).toEqual([{ shifted: 102 }]);
  });
});

describe('the bound on named statements per connection', () => {
  it('runs texts beyond the bound unnamed instead of preparing without end', async () => {
    // Typed as the plain client it stands in for: callers (pg-pool, Drizzle) see pg.Client's query.
    const client: pg.Client = new PreparingClient({ connectionString: testPostgresUrl });
    await client.connect();
    try {
      const named = async () =>
        Number((await client.query('select count(*) as n from pg_prepared_statements')).rows[0].n);
      for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 5; i++)
        await client.query({ text: `select $1::int + ${i}` }, [1]);
      expect(await named()).toBe(MAX_PREPARED_PER_CONNECTION);
      // One already named is still run by its name.
      expect((await client.query({ text: 'select $1::int + 0 as v' }, [41])).rows).toEqual([{ v: 41 }]);
    } finally {
      await client.end();
    }
  });
});
