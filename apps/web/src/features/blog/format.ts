import { formatDate } from '../../ui/dates';
import type { Blog } from './api/types';

const CATEGORY_NAMES: Record<Blog['category'], string> = { tutorial: 'Tutorial', faq: 'FAQ', news: 'News' };

export function categoryName(category: Blog['category']): string {
  return CATEGORY_NAMES[category];
}

/** When a post was published (or, for a draft, written). */
export function postDate(post: Pick<Blog, 'publishedAt' | 'createdAt'>): { iso: string; text: string } {
  const iso = post.publishedAt ?? post.createdAt;
  return { iso, text: formatDate(iso) };
}

/** Who wrote it, as a reader sees it: the author's name, else the platform's team. */
export function byline(post: Pick<Blog, 'author' | 'type'>, platformName: string | undefined): string | undefined {
  if (post.author?.name) return post.author.name;
  return post.type === 'parent-platform' && platformName ? `The ${platformName} team` : undefined;
}
