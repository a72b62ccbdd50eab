/** Messages between the server and the embedded database's thread (`pglite-worker.ts`). */
export type ThreadRequest =
  | {
      kind: 'query';
      id: number;
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types to hand back as PostgreSQL's text (Drizzle's identity parsers, which cannot be sent). */
      rawOids: number[];
      tx?: number;
    }
  | { kind: 'begin'; id: number }
  | { kind: 'end'; id: number; tx: number; commit: boolean }
  | { kind: 'close'; id: number };

export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ErrorFields };

/** An error as it crosses threads: its message and PostgreSQL's fields (code, constraint, detail…). */
export type ErrorFields = { message: string; name: string } & Record<string, unknown>;

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    // Only what a structured clone keeps; PGlite's errors carry plain strings and numbers.
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** The error again, on this side: an Error with the same message and fields. */
export function errorFrom(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  error.name = name;
  return error;
}
