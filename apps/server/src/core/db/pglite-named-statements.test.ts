import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamedStatements } from './pglite-named-statements.js';

const TIMESTAMPTZ = 1184;
const asText = { [TIMESTAMPTZ]: (value: string) => value };

/** Issue 19: the embedded database parses a parameterised statement once and then only binds and runs it. */
describe('named statements on PGlite', () => {
  let db: PGlite;
  let named: NamedStatements;
  beforeAll(async () => {
    db = new PGlite();
    named = new NamedStatements(db, 5);
    await db.exec(`create table notes (id int primary key, body text, tags jsonb, at timestamptz)`);
  });
  afterAll(() => db.close());

  const outside = <T>(text: string, params: unknown[], options = {}) => named.query<T>(text, params, options, false);

  it("answers as PGlite's own query does: objects or arrays, fields, parsers, NULL and JSON values", async () => {
    await outside('insert into notes values ($1, $2, $3, $4)', [1, 'first', { a: [1] }, '2026-11-26T10:00:00Z']);
    await outside('insert into notes values ($1, $2, $3, $4)', [2, null, null, null]);
    for (const options of [{}, { rowMode: 'array' as const, parsers: asText }]) {
      const text = 'select id, body, tags, at from notes where id = any($1::int[]) order by id';
      const mine = await outside(text, [[1, 2]], options);
      const theirs = await db.query(text, [[1, 2]], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const [row] = (
      await outside<{ tags: unknown; at: string }>('select tags, at from notes where id = $1', [1], { parsers: asText })
    ).rows;
    expect(row).toEqual({ tags: { a: [1] }, at: '2026-11-26 10:00:00+00' });
  });

  it('parses a statement once, whatever its values, and counts the rows a write touched', async () => {
    const before = named.size;
    for (const id of [10, 11, 12]) await outside('insert into notes (id, body) values ($1, $2)', [id, `n${id}`]);
    expect(named.size).toBe(before + 1);
    const updated = await outside('update notes set body = $1 where id >= $2', ['later', 10]);
    expect(updated.affectedRows).toBe(3);
  });

  it("refuses as PostgreSQL does, with its fields and the statement's text, and the statement still works after", async () => {
    const text = 'insert into notes (id, body) values ($1, $2)';
    const error = await outside(text, [10, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', query: text });
    await outside(text, [20, 'fine']);
    expect((await db.query('select body from notes where id = 20')).rows).toEqual([{ body: 'fine' }]);
    await expect(outside('select * from no_such_table where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
  });

  it('runs inside a transaction that holds the backend, and waits outside for it to end', async () => {
    let insideDone!: () => void;
    const holding = new Promise<void>((resolve) => (insideDone = resolve));
    let outsideSaw: unknown;
    const transaction = db.transaction(async () => {
      await named.query('insert into notes (id, body) values ($1, $2)', [30, 'in a transaction'], {}, true);
      // Outside the transaction: this must wait for the commit, not run inside the transaction.
      void outside<{ n: number }>('select count(*)::int as n from notes where id = $1', [30]).then((r) => {
        outsideSaw = r.rows[0]!.n;
      });
      await holding;
      expect(outsideSaw).toBeUndefined();
    });
    insideDone();
    await transaction;
    await expect.poll(() => outsideSaw).toBe(1);
    await expect(
      db.transaction(async () => {
        await named.query('insert into notes (id, body) values ($1, $2)', [31, 'rolled back'], {}, true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.query('select id from notes where id = 31')).rows).toEqual([]);
  });

  it('keeps only statements with parameters, and no more than its bound', async () => {
    const bounded = new NamedStatements(db, 3);
    expect(bounded.keeps('select 1', [])).toBe(false);
    for (const i of [0, 1, 2]) await bounded.query(`select $1::int + ${i} as v`, [1], {}, false);
    expect(bounded.size).toBe(3);
    expect(bounded.keeps('select $1::int + 100 as v', [1])).toBe(false);
    expect(bounded.keeps('select $1::int + 0 as v', [1])).toBe(true);
  });
});
