import type { Executor } from './database.js';

interface PreparedQuery<Values, Result> {
  execute(values: Values): Promise<Result>;
}

/**
 * A statement Drizzle builds once per database handle instead of on every call. Building a query
 * (walking its columns, subqueries and conditions into SQL text) cost a hot list's statements more
 * Node CPU than sending them; a prepared query keeps the text and fills in `sql.placeholder`s.
 * `build` makes it for one executor (`….prepare(name)`); a transaction's handle lives for one
 * transaction, so it is built again there, as before.
 *
 * Use it for statements a page runs on every request whose shape does not depend on the input
 * (docs/performance.md, "The way Wharf reads"); the name must be unique to the statement.
 */
export function preparedQuery<Values extends Record<string, unknown>, Result>(
  build: (db: Executor) => PreparedQuery<Values, Result>,
): (db: Executor, values: Values) => Promise<Result> {
  const built = new WeakMap<Executor, PreparedQuery<Values, Result>>();
  return (db, values) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query.execute(values);
  };
}
