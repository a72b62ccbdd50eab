/** SPEC.md section 7 "Blog": what the shell lists, the platform's and the user's projects' published posts. */
export const PUBLISHED_POSTS = 'visibility:published type:parent-platform,project';

export type BlogCategory = 'tutorial' | 'faq' | 'news';

/**
 * The `search` of a blog list: the filters, then what the person typed. Each typed word is quoted,
 * so it is only ever matched against titles: typing `visibility:draft` searches for that text
 * rather than asking for drafts.
 */
export function blogSearchString(words: string, options: { category?: BlogCategory } = {}): string {
  const typed = words
    .split(/\s+/)
    .map((word) => word.replaceAll('"', ''))
    .filter((word) => word !== '')
    .map((word) => `"${word}"`);
  return [PUBLISHED_POSTS, ...(options.category ? [`category:${options.category}`] : []), ...typed].join(' ');
}
