import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { PGliteThread } from './pglite-thread.js';

const TIMESTAMPTZ = 1184;

describe('the embedded database on its own thread', () => {
  let thread: PGliteThread;
  beforeAll(async () => {
    thread = await PGliteThread.open();
    await thread.query('create table notes (id int primary key, body text not null, at timestamptz)');
  });
  afterAll(() => thread.close());

  it('answers queries with parameters, as objects or arrays, types as Drizzle asks for them', async () => {
    await thread.query('insert into notes values ($1, $2, $3)', [1, 'first', '2026-11-26T10:00:00Z']);
    const objects = await thread.query('select id, body from notes where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, body: 'first' }]);
    const arrays = await thread.query('select id, at from notes', [], {
      rowMode: 'array',
      parsers: { [TIMESTAMPTZ]: (value: string) => value },
    });
    // Timestamps stay PostgreSQL's text (Drizzle parses them itself), nothing else changes.
    expect(arrays.rows).toEqual([[1, '2026-11-26 10:00:00+00']]);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'at']);
  });

  it("hands PostgreSQL's error fields across, so callers can tell a unique violation", async () => {
    await thread.query('insert into notes values (2, $1)', ['x']);
    const error = await thread.query('insert into notes values (2, $1)', ['y']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
  });

  it('commits a transaction whose work returns, rolls back one whose work throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into notes values (10, $1)', ['kept']);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into notes values (11, $1)', ['dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = (await thread.query('select id from notes where id in (10, 11) order by id')).rows;
    expect(rows).toEqual([{ id: 10 }]);
  });

  it("reads a named statement's rows as PGlite reads them: arrays of every type, JSON, numbers, NULLs", async () => {
    const text = `select $1::int[] as ints, $2::uuid[] as ids, $3::text[] as words, $4::jsonb as doc,
      $5::bigint as big, $6::numeric as amount, $7::boolean as yes, $8::text as nothing, $9::timestamptz[] as times`;
    const params = [
      [1, 2],
      ['0b9c6f3e-8f0e-4c59-9d3c-0a1b2c3d4e5f'],
      ['a', 'b,c', null],
      { deep: [1, { x: 'y' }] },
      '9007199254740993',
      '12.50',
      true,
      null,
      ['2026-11-26T10:00:00Z'],
    ];
    const inProcess = new PGlite();
    try {
      for (const options of [{}, { rowMode: 'array' as const, parsers: { [TIMESTAMPTZ]: (value: string) => value } }]) {
        const mine = await thread.query(text, params, options);
        const theirs = await inProcess.query(text, params, options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
      // A large answer is read on the database's thread instead; the rows are the same.
      const large = 'select g, repeat($1, 100) as filler from generate_series(1, 50) g';
      const mine = await thread.query(large, ['x']);
      expect(JSON.stringify(mine.rows).length).toBeGreaterThan(4096);
      expect(mine.rows).toEqual((await inProcess.query(large, ['x'])).rows);
    } finally {
      await inProcess.close();
    }
  });

  it('a query from outside waits for an open transaction and sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query('insert into notes values (20, $1)', ['inside']);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query('select body from notes where id = 20');
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ body: 'inside' }]);
  });

  it('keeps the calling thread free while a long statement runs', async () => {
    let ticks = 0;
    let finished = false;
    const long = thread
      .query('select count(*)::int as n from generate_series(1, 3000000)')
      .then((result) => ((finished = true), result));
    // Timers fire while the statement runs: the database computes on its own thread.
    while (!finished && ticks < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      ticks += 1;
    }
    expect((await long).rows).toEqual([{ n: 3_000_000 }]);
    expect(ticks).toBeGreaterThan(3);
  });
});

describe('the database handle on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => handle.close());

  it('runs Drizzle transactions with savepoints through the thread', async () => {
    await handle.db.execute(sql`create table marks (n int)`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into marks values (${1})`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into marks values (${2})`);
          throw new Error('inner only');
        })
        .catch(() => undefined);
      await tx.execute(sql`insert into marks values (${3})`);
    });
    const { rows } = (await handle.db.execute(sql`select n from marks order by n`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('refuses calls once closed', async () => {
    const closing = await openDatabase({ kind: 'pglite' });
    await closing.close();
    await expect(closing.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
