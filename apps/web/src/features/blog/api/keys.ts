import type { BlogCategory } from '../search-string';

/** Query keys of the blog's queries; `blogKeys.all` covers every one (to refetch after a change). */
export const blogKeys = {
  all: ['blog'] as const,
  /** The header's and the support page's search by title. */
  search: (words: string, limit: number) => [...blogKeys.all, 'search', { words, limit }] as const,
  /** A paged list of one category, filtered by title. */
  list: (category: BlogCategory, words: string, pageSize: number) =>
    [...blogKeys.all, 'list', { category, words, pageSize }] as const,
  /** One post, by its slug. */
  post: (slug: string) => [...blogKeys.all, 'post', slug] as const,
};
