import { sql } from 'drizzle-orm';
import type { TestApp } from './app.js';

/**
 * A fingerprint of every row of the tables named, to prove a refused request changed nothing: one
 * md5 per table of its rows in a stable order, joined.
 */
export async function fingerprintOf(t: TestApp, tables: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const result = await t.database.db.execute(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`),
    );
    parts.push(String((result as unknown as { rows: { h: string }[] }).rows[0]?.h));
  }
  return parts.join(',');
}
