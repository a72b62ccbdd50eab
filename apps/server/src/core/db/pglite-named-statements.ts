/**
 * Named statements on the embedded database, as `PreparingClient` keeps them on PostgreSQL
 * (decision 028). PGlite's `query` parses, describes and plans its statement on every call — for the
 * projects list, planning four joins cost more than running them. Here a parameterised statement is
 * parsed once under a name (`Parse`, `Describe`), and each call only binds and executes it; the row
 * description read at parse time stands in for the one `query` would ask for again.
 *
 * PGlite has one backend: these run under the same locks its own `query` takes — the transaction
 * lock outside a transaction (so nothing runs inside someone else's), the query lock always.
 *
 * `run` answers PostgreSQL's bytes and the columns (`pglite-raw-results.ts`), for the worker to hand
 * to the HTTP thread as they are; `query` reads them here, as PGlite's `query` would answer.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { readRawResult, withStatement, type RawField, type RawResult } from './pglite-raw-results.js';

const { serialize } = protocol;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Past this many statements new ones run unnamed: a process whose SQL varies without end stays bounded. */
export const MAX_NAMED_STATEMENTS = 1000;

interface NamedStatement {
  name: string;
  /** The parameters' types as PostgreSQL inferred them: each value is sent as that type's text. */
  parameterTypes: number[];
  /** What each row's columns are; empty for a statement that returns no rows. */
  fields: RawField[];
}

/**
 * Names are never reused: a statement whose Parse went through but whose Describe failed still holds
 * its name in the backend, and two of these on one database must not collide.
 */
let lastName = 0;

export class NamedStatements {
  private readonly statements = new Map<string, NamedStatement>();

  constructor(
    private readonly db: PGlite,
    private readonly max = MAX_NAMED_STATEMENTS,
  ) {}

  /** Only statements with parameters are kept (those are the ones a request repeats with new values). */
  keeps(text: string, params: readonly unknown[]): boolean {
    return params.length > 0 && (this.statements.has(text) || this.statements.size < this.max);
  }

  get size(): number {
    return this.statements.size;
  }

  /** Runs `text` with `params` as a named statement; `inTransaction` when a transaction of ours holds the backend. */
  async run(
    text: string,
    params: readonly unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<RawResult> {
    const run = () => this.db.runExclusive(() => this.bindAndExecute(text, params, options));
    try {
      return await (inTransaction ? run() : this.db._runExclusiveTransaction(run));
    } catch (error) {
      throw withStatement(error, { text, params });
    }
  }

  /** `run`, read into rows here: what PGlite's `query` answers for the same statement. */
  async query<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const result = await this.run(text, params, options, inTransaction);
    return readRawResult<T>(result, this.db.parsers, options, { text, params });
  }

  private async bindAndExecute(text: string, params: readonly unknown[], options: QueryOptions): Promise<RawResult> {
    const statement = this.statements.get(text) ?? (await this.parse(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[i]!;
      const serializer = options.serializers?.[type] ?? this.db.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    // Bind, Execute and Sync in one call into the database: after an error the backend skips to the
    // Sync, so it is ready again. An error is in the bytes, for the reader to throw.
    // The raw stream, not execProtocolRaw: that one also parses every message on this thread (the
    // work this avoids) and keeps them until a later execProtocol call.
    const chunks: Uint8Array[] = [];
    await this.db.execProtocolRawStream(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
      // Each chunk is a view of the database's memory, reused by the next call: copied out.
      { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
    );
    const raw = chunks.length === 1 ? chunks[0]! : concat(...chunks);
    if (!this.db.isInTransaction()) await this.db.syncToFs();
    return { raw, fields: statement.fields };
  }

  private async parse(text: string): Promise<NamedStatement> {
    const name = `w_${++lastName}`;
    let described: BackendMessage[];
    try {
      await this.send(serialize.parse({ name, text }));
      described = await this.send(serialize.describe({ type: 'S', name }));
    } finally {
      await this.send(serialize.sync());
    }
    const description = described.find((message) => message instanceof protocol.messages.RowDescriptionMessage);
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      fields: description?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) ?? [],
    };
    this.statements.set(text, statement);
    return statement;
  }

  private send(message: Uint8Array): Promise<BackendMessage[]> {
    return this.db.execProtocolStream(message, { syncToFs: false });
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
