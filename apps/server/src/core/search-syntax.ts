import { AppError } from './errors.js';

/**
 * The search syntax of the console's lists (the blog's posts, the drive's files): free words, and
 * `key:value[,value]` filters, e.g. `type:image tag:summer,sale logo`. A filter's values are
 * alternatives; a key given twice adds values (`tag:a tag:b` is `tag:a,b`). "Quoted words" are taken
 * as words even with a colon in them. Words and values are lower-cased: every match is case-blind.
 */
export interface SearchFilter {
  /** Accepts a (lower-cased) value of this filter. */
  accepts(value: string): boolean;
  /** What the refusal of a value says is allowed: `draft, published`, `a project id`. */
  allowed: string;
}

export type ParsedSearch<Key extends string> = { words: string[] } & Partial<Record<Key, string[]>>;

/** At most this many words and values in one search, so one request cannot ask for thousands of conditions. */
export const MAX_SEARCH_TERMS = 20;

const invalidSearch = (message: string) => new AppError(400, 'INVALID_SEARCH', message);

/** Splits on white space, keeping "quoted parts" whole (their quotes dropped). */
function tokens(search: string): { text: string; quoted: boolean }[] {
  const found: { text: string; quoted: boolean }[] = [];
  for (const match of search.matchAll(/"([^"]*)"?|(\S+)/g)) {
    const quoted = match[1] !== undefined;
    const text = (quoted ? match[1]! : match[2]!).trim();
    if (text !== '') found.push({ text, quoted });
  }
  return found;
}

/**
 * Reads a search against a list's filters. A known key with a value it does not accept is a 400
 * INVALID_SEARCH naming both; an unknown `key:` is a word like any other.
 */
export function parseSearch<Key extends string>(
  search: string | undefined,
  filters: Readonly<Record<Key, SearchFilter>>,
): ParsedSearch<Key> {
  const parsed = { words: [] } as ParsedSearch<Key>;
  const values = parsed as unknown as Record<Key, string[]>;
  let terms = 0;
  const count = () => {
    if (++terms > MAX_SEARCH_TERMS)
      throw invalidSearch(`Search with at most ${MAX_SEARCH_TERMS} words and filter values.`);
  };
  for (const token of tokens(search ?? '')) {
    const filter = token.quoted ? undefined : /^([a-z]+):(.*)$/i.exec(token.text);
    const key = filter?.[1]?.toLowerCase();
    if (!filter || key === undefined || !Object.hasOwn(filters, key)) {
      count();
      parsed.words.push(token.text.toLowerCase());
      continue;
    }
    const spec = filters[key as Key];
    const given = filter[2]!
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (given.length === 0) throw invalidSearch(`Give ${key} a value: ${spec.allowed}.`);
    const known = new Set<string>(values[key as Key] ?? []);
    for (const raw of given) {
      const value = raw.toLowerCase();
      if (!spec.accepts(value)) throw invalidSearch(`Unknown ${key} "${raw}" in the search. Use ${spec.allowed}.`);
      count();
      known.add(value);
    }
    values[key as Key] = [...known];
  }
  return parsed;
}

/** A filter whose values are one of a closed list (a zod enum's options). */
export function oneOf(options: readonly string[]): SearchFilter {
  return { accepts: (value) => options.includes(value), allowed: options.join(', ') };
}
