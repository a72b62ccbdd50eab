import { BlogCategory, BlogType, BlogVisibility } from '@wharf/contract';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';

/**
 * A list's search, as the console's shell writes it: free words that must all be in the title, and
 * `key:value[,value]` filters, e.g. `visibility:published type:parent-platform,project invite`.
 * A filter's values are alternatives; a key given twice adds values (`type:project type:parent-platform`
 * is `type:parent-platform,project`). "Quoted words" are taken as words even with a colon in them.
 */
export interface BlogSearch {
  words: string[];
  visibility?: BlogVisibility[];
  type?: BlogType[];
  category?: BlogCategory[];
  /** Only posts of these projects (so none of the platform's own). */
  project?: string[];
}

const filters = {
  visibility: BlogVisibility,
  type: BlogType,
  category: BlogCategory,
  project: z.uuid(),
} as const;

type FilterKey = keyof typeof filters;

const isFilterKey = (key: string): key is FilterKey => Object.hasOwn(filters, key);

/** At most this many words and values in one search, so one request cannot ask for thousands of conditions. */
const MAX_TERMS = 20;

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

function allowed(key: FilterKey): string {
  return key === 'project' ? 'a project id' : filters[key].options.join(', ');
}

/** Reads a search; a known key with a value it does not know is a 400 INVALID_SEARCH naming both. */
export function parseBlogSearch(search: string | undefined): BlogSearch {
  const parsed: BlogSearch = { words: [] };
  let terms = 0;
  for (const token of tokens(search ?? '')) {
    const filter = token.quoted ? undefined : /^([a-z]+):(.*)$/i.exec(token.text);
    const key = filter?.[1]?.toLowerCase();
    if (!filter || key === undefined || !isFilterKey(key)) {
      if (++terms > MAX_TERMS) throw invalidSearch(`Search with at most ${MAX_TERMS} words and filter values.`);
      parsed.words.push(token.text.toLowerCase());
      continue;
    }
    const values = filter[2]!
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) throw invalidSearch(`Give ${key} a value: ${allowed(key)}.`);
    const known = new Set<string>(parsed[key] ?? []);
    for (const raw of values) {
      const value = raw.toLowerCase();
      if (!filters[key].safeParse(value).success) {
        throw invalidSearch(`Unknown ${key} "${raw}" in the search. Use ${allowed(key)}.`);
      }
      if (++terms > MAX_TERMS) throw invalidSearch(`Search with at most ${MAX_TERMS} words and filter values.`);
      known.add(value);
    }
    (parsed as unknown as Record<FilterKey, string[]>)[key] = [...known];
  }
  return parsed;
}
