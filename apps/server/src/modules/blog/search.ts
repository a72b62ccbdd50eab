import { BlogCategory, BlogType, BlogVisibility } from '@wharf/contract';
import { z } from 'zod';
import { oneOf, parseSearch } from '../../core/search-syntax.js';

/**
 * A blog list's search (core/search-syntax.ts): free words that must all be in the title, and
 * filters, e.g. `visibility:published type:parent-platform,project invite`.
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
  visibility: oneOf(BlogVisibility.options),
  type: oneOf(BlogType.options),
  category: oneOf(BlogCategory.options),
  project: { accepts: (value: string) => z.uuid().safeParse(value).success, allowed: 'a project id' },
} as const;

/** Reads a search; a known key with a value it does not know is a 400 INVALID_SEARCH naming both. */
export function parseBlogSearch(search: string | undefined): BlogSearch {
  return parseSearch(search, filters) as BlogSearch;
}
