/**
 * A named statement's answer as PostgreSQL's wire bytes, read into rows on whichever thread wants
 * them. The embedded database's thread was spending a third of its time turning its answers into
 * objects and copying those objects to the HTTP thread; bytes cross as a transfer (no copy), and the
 * HTTP thread, which has time to spare while PGlite computes, reads them (decision 028).
 */
import { parse, protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
/** Type parsers by type id, as PGlite keeps them. */
export type Parsers = Parameters<typeof parse.parseResults>[1];
const asText = (value: string) => value;

/** A result column, as the statement's description named it at parse time. */
export interface RawField {
  name: string;
  dataTypeID: number;
}

/** What the embedded database's thread sends back for a named statement. */
export interface RawResult {
  /** PostgreSQL's messages: BindComplete, DataRows, CommandComplete or an ErrorResponse, ReadyForQuery. */
  raw: Uint8Array;
  /** The rows' columns; empty for a statement that returns none. */
  fields: RawField[];
}

export function isRawResult(value: unknown): value is RawResult {
  return typeof value === 'object' && value !== null && (value as RawResult).raw instanceof Uint8Array;
}

/** A type and the type of its arrays, as `pg_type` pairs them: PGlite parses arrays of every type it knows. */
export type ArrayType = [elementOid: number, arrayOid: number];

/** The query PGlite runs at start to learn its array types (`_initArrayTypes`). */
export const ARRAY_TYPES_SQL = `select b.oid, b.typarray from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;

/** PGlite's own parsers, rebuilt on another thread: its defaults and one per array type. */
export function parsersFor(arrayTypes: readonly ArrayType[]): Parsers {
  const parsers: Parsers = { ...types.parsers };
  for (const [element, array] of arrayTypes) {
    // An element type without a parser stays text, as in PGlite's own array parser.
    parsers[array] = (value: string) => types.arrayParser(value, parsers[element] ?? asText, array);
  }
  return parsers;
}

/** As PGlite's query does: an error names the statement it came from. */
export function withStatement(error: unknown, statement: { text: string; params: readonly unknown[] }): unknown {
  if (error instanceof Error) Object.assign(error, { query: statement.text, params: statement.params });
  return error;
}

/**
 * The rows of a raw answer, as PGlite's `query` gives them (objects or arrays, its parsers, then the
 * caller's); a PostgreSQL error in it is thrown, with its fields (code, constraint, detail…) and the
 * statement it came from.
 */
export function readRawResult<T>(
  result: RawResult,
  parsers: Parsers,
  options: QueryOptions,
  statement: { text: string; params: readonly unknown[] },
): Results<T> {
  const messages: BackendMessage[] = [];
  new protocol.Parser().parse(result.raw, (message) => messages.push(message as BackendMessage));
  const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
  if (error) throw withStatement(error, statement);
  const description = { name: 'rowDescription', fields: result.fields } as unknown as BackendMessage;
  return parse.parseResults([description, ...messages], parsers, options)[0] as Results<T>;
}
