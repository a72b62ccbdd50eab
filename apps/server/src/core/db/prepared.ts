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

/**
 * Which optional parts a call of a list's statement uses: a next page, a search (true or false), or
 * which of a closed set of filters (an enumerated status: its value, or undefined for none).
 */
export type StatementShape = Record<string, boolean | string | undefined>;

/**
 * A list's statement, whose text depends on which optional parts a call uses (the first page or a
 * next one, with a search or without): built once per shape and executor, as `preparedQuery` builds a
 * fixed one. `build` gets the shape and the statement's name (unique to the shape, for `.prepare`)
 * and puts every value in a `sql.placeholder`. A shape's parts are booleans or values of a closed
 * enumeration, never input text: a list has a bounded handful of statements.
 */
export function preparedShapes<Shape extends StatementShape, Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Executor, shape: Shape, name: string) => PreparedQuery<Values, Result>,
): (db: Executor, shape: Shape, values: Values) => Promise<Result> {
  const shapes = new Map<string, (db: Executor, values: Values) => Promise<Result>>();
  return (db, shape, values) => {
    const used = Object.keys(shape)
      .filter((part) => shape[part])
      .sort()
      .map((part) => (shape[part] === true ? part : `${part}_${String(shape[part])}`));
    const key = used.length ? `${name}__${used.join('_')}` : name;
    let query = shapes.get(key);
    if (query === undefined) {
      query = preparedQuery((on: Executor) => build(on, shape, key));
      shapes.set(key, query);
    }
    return query(db, values);
  };
}
