import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Named statements a connection may prepare; beyond it, new texts run unnamed. Wharf's statements
 * are a few hundred texts (an `in (…)` list makes one per length), so this only bounds a runaway.
 */
export const MAX_PREPARED_PER_CONNECTION = 1_000;

const names = new Map<string, string>();

/** The same text always gets the same name, so every connection prepares it at most once. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `w_${createHash('sha1').update(text).digest('base64url')}`;
    // Texts are bounded by the code, not by input; clearing only guards against a surprise.
    if (names.size >= MAX_PREPARED_PER_CONNECTION * 10) names.clear();
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * A statement holding this comment is never named, so PostgreSQL plans it for each call's own values.
 * For searches: a prepared statement turns to a generic plan after five calls, and a generic plan
 * cannot see how rare a `LIKE` pattern is — it read 40,000 trigram matches where the date index would
 * have read 45 rows (bench/storefront.ts). Put `planPerCall` in such a query's conditions.
 */
export const PLAN_PER_CALL_MARK = '/* plan per call */';

/**
 * A pg client that prepares every parameterised statement under a name derived from its text, so
 * PostgreSQL parses and plans it once per connection instead of on every call (a list's planning
 * cost several times its execution). Drizzle names no statements unless asked per query, and asking
 * per query would mean a `.prepare()` at every call site.
 *
 * Only queries with parameters are named: those without may hold several statements (migrations),
 * which only the simple protocol runs, and a name would force the extended one.
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  override query(...args: unknown[]): never {
    const [config, values] = args as [QueryConfig | string | undefined, unknown];
    if (
      typeof config === 'object' &&
      config !== null &&
      typeof config.submit !== 'function' &&
      !config.name &&
      typeof config.text === 'string' &&
      !config.text.includes(PLAN_PER_CALL_MARK) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName(config.text);
      if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        // A copy: Drizzle reuses its config object for every call of the same query.
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
