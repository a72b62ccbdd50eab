/**
 * Named statements on the embedded database, as `PreparingClient` keeps them on PostgreSQL
 * (decision 028). PGlite's `query` parses, describes and plans its statement on every call — for the
 * projects list, planning four joins cost more than running them. Here a parameterised statement is
 * parsed once under a name (`Parse`, `Describe`), and each call only binds and executes it; the row
 * description read at parse time stands in for the one `query` would ask for again.
 *
 * PGlite has one backend: these run under the same locks its own `query` takes — the transaction
 * lock outside a transaction (so nothing runs inside someone else's), the query lock always.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Past this many statements new ones run unnamed: a process whose SQL varies without end stays bounded. */
export const MAX_NAMED_STATEMENTS = 1000;

interface NamedStatement {
  name: string;
  /** The parameters' types as PostgreSQL inferred them: each value is sent as that type's text. */
  parameterTypes: number[];
  /** What each row's columns are; absent for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
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
  async query<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const run = () => this.db.runExclusive(() => this.bindAndExecute<T>(text, params, options));
    try {
      return await (inTransaction ? run() : this.db._runExclusiveTransaction(run));
    } catch (error) {
      // As PGlite's query does: the error names the statement it came from.
      if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  private async bindAndExecute<T>(text: string, params: readonly unknown[], options: QueryOptions) {
    const statement = this.statements.get(text) ?? (await this.parse(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[i]!;
      const serializer = options.serializers?.[type] ?? this.db.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    // Bind, Execute and Sync in one call into the database: after an error the backend skips to the
    // Sync, so it is ready again when this throws.
    const messages = await this.send(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
    );
    if (!this.db.isInTransaction()) await this.db.syncToFs();
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, this.db.parsers, options)[0] as Results<T>;
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
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
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
