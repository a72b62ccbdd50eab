import fc from 'fast-check';
import type { z } from 'zod';

/*
 * What the fuzz suite (fuzz.test.ts) feeds every operation: valid samples derived from the
 * operation's zod schemas, the places in them a hostile value can go, and the hostile values —
 * control characters, lone surrogates, extreme numbers and dates, forged page tokens.
 */

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';
/** The time samples hold, which marks their place as a time's. */
export const DATETIME_SAMPLE = '2026-01-01T00:00:00Z';

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'fuzz.sample@example.com',
  uuid: SAMPLE_UUID,
  guid: SAMPLE_UUID,
  url: 'https://example.com/',
  datetime: DATETIME_SAMPLE,
  date: '2026-01-01',
};

/** The first candidate the schema takes, or the first candidate. */
function firstAccepted<T>(schema: z.ZodType, candidates: T[]): T {
  return candidates.find((c) => schema.safeParse(c).success) ?? candidates[0]!;
}

/** A value the schema accepts, as far as a generic guess can go (refinements across fields aside). */
export function sample(schema: z.ZodType | undefined, key?: string, depth = 0): unknown {
  if (!schema || depth > 12) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const formatted = def.format ? FORMAT_SAMPLES[def.format] : undefined;
      // `gte:1`: a number filter's comparison (customers' totalOrderCount and lifetimeValue).
      const words = [key ?? 'sample', 'sample', 'EUR', 'NL', 'sample-1', 'ab12', 'Sample One', 'x', 'gte:1'];
      return firstAccepted(schema, [...(formatted ? [formatted] : []), ...words, ...words.map((w) => w.repeat(8))]);
    }
    case 'number':
      return firstAccepted(schema, [1, 0, 12, 100, 1000, 2040, 100_000, -1]);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(def.shape ?? {})) {
        const item = sample(child, name, depth + 1);
        if (item !== undefined) value[name] = item;
      }
      return value;
    }
    case 'array': {
      const item = sample(def.element, key, depth + 1);
      return firstAccepted(schema, [[], [item]]);
    }
    case 'record':
    case 'unknown':
    case 'any':
      return {};
    case 'union':
      return sample(def.options?.[0], key, depth + 1);
    case 'intersection':
      return {
        ...(sample(def.left, key, depth + 1) as object),
        ...(sample(def.right, key, depth + 1) as object),
      };
    case 'pipe':
      return sample(def.in, key, depth + 1);
    case 'lazy':
      return sample(def.getter?.(), key, depth + 1);
    default:
      return sample(def.innerType, key, depth + 1);
  }
}

/** The type of value that a schema at a place of a sample expects, to pick hostile values that fit. */
export type SlotKind = 'text' | 'date' | 'number' | 'other';

export interface Slot {
  part: 'body' | 'query' | 'params';
  path: (string | number)[];
  kind: SlotKind;
}

/** Every leaf of a sample (strings, numbers, booleans), where a hostile value can stand instead. */
export function leaves(value: unknown, part: Slot['part'], path: (string | number)[] = []): Slot[] {
  if (typeof value === 'string') return [{ part, path, kind: value === DATETIME_SAMPLE ? 'date' : 'text' }];
  if (typeof value === 'number') return [{ part, path, kind: 'number' }];
  if (typeof value === 'boolean' || value === null) return [{ part, path, kind: 'other' }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, part, [...path, i]));
  if (typeof value === 'object' && value !== undefined) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, part, [...path, k]));
  }
  return [];
}

/** A copy of a value with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/** Percent-encoding that, unlike encodeURIComponent, also writes lone surrogates (as their WTF-8 bytes). */
export function encodeAny(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/* ---- Hostile values ---- */

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\n',
  '\r',
  '\t',
];
const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
const around = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', 'Name ', 'a'), inner, fc.constantFrom('', ' tail', 'b'))
    .map(([a, b, c]) => `${a}${b}${c}`);

/** Text with a NUL, another C0 control character or DEL somewhere in it. */
export const controlText = around(fc.constantFrom(...CONTROL));
/** Text with half of a surrogate pair: not Unicode, with no UTF-8 form. */
export const loneSurrogateText = around(fc.constantFrom(...LONE_SURROGATES));
/** Always refused: a NUL, a control character other than a line break, or a lone surrogate. */
export const refusedText = around(fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', ...LONE_SURROGATES));

export const EXTREME_NUMBERS = [
  1e308,
  -1e308,
  -0,
  0,
  -1,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
];
/** As a query carries them: also the words JSON cannot. */
export const EXTREME_NUMBER_TEXTS = [
  ...EXTREME_NUMBERS.map(String),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '99999999999999999999999',
  '0x10',
];
export const EXTREME_DATES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-01:00',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2026-02-30T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '275760-09-13',
  'not a date',
];

export const extremeNumber = fc.constantFrom(...EXTREME_NUMBERS);
export const extremeNumberText = fc.constantFrom(...EXTREME_NUMBER_TEXTS);
export const extremeDate = fc.constantFrom(...EXTREME_DATES);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Page tokens the server did not issue, some made from real ones (`issued`), some from nothing. */
export function forgedPageToken(issued: readonly string[]): fc.Arbitrary<string> {
  const real = fc.constantFrom(...issued);
  const cursorAt = fc.oneof(
    fc.constantFrom(...EXTREME_DATES),
    fc.constantFrom('[1,"a"]', '[1e308,"x"]', '"x"', 'null', '[]'),
    fc.string({ maxLength: 20 }),
  );
  const cursorId = fc.oneof(
    fc.constantFrom(SAMPLE_UUID, 'x', '', '00000000-0000-4000-8000-00000000000g', "' OR 1=1 --"),
    fc.string({ maxLength: 40 }),
  );
  const cursor = fc.oneof(fc.record({ at: cursorAt, id: cursorId }).map(b64), fc.jsonValue({ maxDepth: 2 }).map(b64));
  return fc.oneof(
    // Random text and random base64.
    fc.string({ maxLength: 60 }),
    fc.base64String({ maxLength: 80 }),
    fc.constantFrom('', '.', '..', 'garbage', '%00', '\u0000'),
    // The old, unsigned form with any cursor.
    cursor,
    // A real token's signature on another cursor: a changed date, a non-uuid id.
    fc.tuple(real, cursor).map(([token, payload]) => `${payload}.${token.split('.')[1] ?? ''}`),
    // A real token, bruised: cut, lengthened, a character flipped, doubled.
    fc.tuple(real, fc.nat()).map(([token, n]) => token.slice(0, n % Math.max(1, token.length))),
    real.map((token) => `${token}A`),
    fc.tuple(real, fc.nat()).map(([token, n]) => {
      const i = n % token.length;
      return `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
    }),
    real.map((token) => `${token}.${token}`),
  );
}
