// The storefront bench's query plans: the statements the server's own list code sends (captured
// through a Drizzle logger while it runs here), explained with ANALYZE and BUFFERS twice — with the
// values planned in (a custom plan) and as a generic plan, the one PostgreSQL may switch a named
// prepared statement to after five runs (the server prepares every statement: PreparingClient).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/core/db/database.js';

export interface Captured {
  text: string;
  params: unknown[];
}

export interface Plan {
  label: string;
  sql: string;
  params: string[];
  custom: { plan: string; executionMs: number | null; planningMs: number | null };
  generic: { plan: string; executionMs: number | null } | { error: string };
}

/** A database on its own pool whose every statement (text and values) is handed to `onStatement`. */
export function capturingDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  let sink: ((statement: Captured) => void) | undefined;
  const db = drizzle({
    client: pool,
    logger: { logQuery: (text: string, params: unknown[]) => sink?.({ text, params }) },
  }) as unknown as Database;
  /** The statements `work` sends, in order. */
  const capture = async (work: (db: Database) => Promise<unknown>): Promise<Captured[]> => {
    const statements: Captured[] = [];
    sink = (statement) => statements.push(statement);
    try {
      await work(db);
    } finally {
      sink = undefined;
    }
    return statements;
  };
  return { db, pool, capture, close: () => pool.end() };
}

const valueText = (value: unknown) =>
  value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);

const timeOf = (plan: string, what: 'Execution' | 'Planning') => {
  const found = new RegExp(`${what} Time: ([\\d.]+) ms`).exec(plan);
  return found ? Number(found[1]) : null;
};

/** EXPLAIN (ANALYZE, BUFFERS) of one captured statement, custom then generic. */
export async function explain(pool: pg.Pool, label: string, statement: Captured): Promise<Plan> {
  const client = await pool.connect();
  try {
    const params = statement.params.map(valueText);
    const customRows = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      params,
    );
    const customPlan = customRows.rows.map((r) => r['QUERY PLAN']).join('\n');
    let generic: Plan['generic'];
    try {
      await client.query('deallocate all');
      await client.query(`prepare bench_statement as ${statement.text}`);
      await client.query('set plan_cache_mode = force_generic_plan');
      const literals = params.map((p) => client.escapeLiteral(p)).join(', ');
      const genericRows = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) execute bench_statement${params.length ? `(${literals})` : ''}`,
      );
      const plan = genericRows.rows.map((r) => r['QUERY PLAN']).join('\n');
      generic = { plan, executionMs: timeOf(plan, 'Execution') };
    } catch (error) {
      generic = { error: String(error) };
    } finally {
      await client.query('reset plan_cache_mode').catch(() => undefined);
      await client.query('deallocate all').catch(() => undefined);
    }
    return {
      label,
      sql: statement.text,
      params,
      custom: {
        plan: customPlan,
        executionMs: timeOf(customPlan, 'Execution'),
        planningMs: timeOf(customPlan, 'Planning'),
      },
      generic,
    };
  } finally {
    client.release();
  }
}

/** A plan as printed: the statement, its values, the custom plan, the generic plan. */
export function describePlan(plan: Plan): string {
  const indent = (text: string) =>
    text
      .split('\n')
      .map((line) => `      ${line}`)
      .join('\n');
  const generic =
    'error' in plan.generic ? `      (no generic plan: ${plan.generic.error})` : indent(plan.generic.plan);
  return [
    `  ${plan.label}`,
    `    SQL: ${plan.sql}`,
    `    values: ${JSON.stringify(plan.params)}`,
    `    custom plan (values known):`,
    indent(plan.custom.plan),
    `    generic plan (what a prepared statement may switch to after 5 runs):`,
    generic,
  ].join('\n');
}
