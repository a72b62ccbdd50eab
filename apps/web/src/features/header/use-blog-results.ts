import { useBlogSearch } from '../blog/api/blog-search';
import { useDebouncedValue } from '../lists/use-debounced-value';

/** A post the header search offers. */
export interface BlogResult {
  id: string;
  slug: string;
  title: string;
}

/**
 * Published posts whose title holds the words typed (SPEC.md section 2), asked once the typing
 * pauses. `isPending` while the words typed have no answer yet.
 */
export function useBlogResults(search: string): { results: BlogResult[]; isPending: boolean } {
  const typed = search.trim();
  const words = useDebouncedValue(typed);
  const query = useBlogSearch(words);
  if (typed === '') return { results: [], isPending: false };
  return {
    results: (query.data ?? []).map(({ id, slug, title }) => ({ id, slug, title })),
    isPending: words !== typed || query.isFetching,
  };
}
