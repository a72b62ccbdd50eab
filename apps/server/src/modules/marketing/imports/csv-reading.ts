import { parse, type CsvError, type Parser } from 'csv-parse';
import { pipeline, type Readable } from 'node:stream';

/*
 * Reading an uploaded CSV with csv-parse, streamed: the header and first rows for the mapping step,
 * then every record with its line number for the import job. A bad row is reported by line and the
 * reading goes on (skip_records_with_error); no record larger than RECORD_MAX_BYTES is ever held.
 */

/** The bytes read to tell the delimiter and to see a binary file: enough for any header row. */
export const HEAD_BYTES = 64 * 1024;
/** A record longer than this (a quote left open swallowing the rest of the file) stops the reading. */
export const RECORD_MAX_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/**
 * The delimiter of the header line: the most frequent of comma, semicolon and tab outside quotes
 * (spreadsheets in much of Europe save with semicolons); a comma when none appears.
 */
export function detectDelimiter(head: string): Delimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of head.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: Delimiter = ',';
  for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** One record of the file, or a line that could not be read, with the file's line number (header = 1). */
export type CsvItem =
  | { kind: 'record'; line: number; fields: string[]; bytes: number }
  | { kind: 'bad'; line: number; raw: string; message: string; bytes: number };

/** Why csv-parse refused a record, for the person who wrote the file. */
function badRowMessage(error: CsvError | undefined): string {
  const lengths = /expect (\d+), got (\d+)/.exec(error?.message ?? '');
  switch (error?.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return lengths
        ? `This line has ${lengths[2]} columns where the header has ${lengths[1]}.`
        : 'This line has a different number of columns than the header.';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted value is never closed: the file could not be read past this line.';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'A quote closes a value in the middle of it: put quotes around the whole value and double the quotes inside.';
    case 'CSV_MAX_RECORD_SIZE':
      return 'A value runs on for more than 64 KB (a quote left open?): the file could not be read past this line.';
    default:
      return 'This line could not be read as CSV.';
  }
}

/**
 * Every record of `source` in file order, bad lines among them where they occur, the header first.
 * csv-parse reports a skipped record through a callback, ahead of the records still waiting to be
 * read: each is held (at most a chunk's worth) until the records emitted before it have been given.
 */
export async function* csvItems(source: Readable, delimiter: Delimiter): AsyncGenerator<CsvItem> {
  const skipped: { after: number; runaway: boolean; item: CsvItem }[] = [];
  const parser: Parser = parse({
    bom: true,
    delimiter,
    info: true,
    raw: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: RECORD_MAX_BYTES,
    on_skip: (error, raw) => {
      skipped.push({
        after: parser.info.records,
        // A value that never ends is told where it starts (the line after the last record), not where reading gave up.
        runaway: error?.code === 'CSV_MAX_RECORD_SIZE' || error?.code === 'CSV_QUOTE_NOT_CLOSED',
        item: {
          kind: 'bad',
          line: typeof error?.lines === 'number' ? error.lines : parser.info.lines,
          // Kept in the report's jsonb, which refuses a NUL: one stray byte must not fail the import.
          raw: (raw ?? '').replaceAll('\0', '').trim().slice(0, 200),
          message: badRowMessage(error),
          bytes: parser.info.bytes,
        },
      });
    },
  });
  // A failing source (the store) fails the parser, and a consumer that stops early destroys both.
  pipeline(source, parser, () => {});
  let lastLine = 0;
  const held = function* (upTo: number): Generator<CsvItem> {
    while (skipped.length > 0 && skipped[0]!.after < upTo) {
      const { runaway, item } = skipped.shift()!;
      lastLine = runaway ? lastLine + 1 : item.line;
      yield runaway ? { ...item, line: lastLine } : item;
    }
  };
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number; bytes: number; records: number };
  }>) {
    yield* held(info.records);
    lastLine = info.lines;
    yield { kind: 'record', line: info.lines, fields: record, bytes: info.bytes };
  }
  yield* held(Infinity);
}

export interface CsvHead {
  delimiter: Delimiter;
  columns: string[];
  sample: string[][];
}

const withoutNul = (name: string) => name.replaceAll('\0', '').trim();

/** The header row and up to `rows` good rows after it; undefined for a file with no readable header. */
export async function readHead(source: Readable, delimiter: Delimiter, rows = 5): Promise<CsvHead | undefined> {
  let columns: string[] | undefined;
  const sample: string[][] = [];
  const items = csvItems(source, delimiter);
  try {
    for await (const item of items) {
      if (!columns) {
        if (item.kind === 'bad') return undefined;
        columns = item.fields.map(withoutNul);
        continue;
      }
      // The header and sample are kept as jsonb too (the mapping step shows them).
      if (item.kind === 'record') sample.push(item.fields.map((field) => field.replaceAll('\0', '')));
      if (sample.length >= rows) break;
    }
  } finally {
    await items.return(undefined);
    source.destroy();
  }
  return columns ? { delimiter, columns, sample } : undefined;
}
