import { BLOG_SLUG_MAX } from '@wharf/contract';

/** When a title has no letters or digits to make an address of (only emoji, say). */
const FALLBACK = 'post';

/**
 * A post's address made from its title: lower-case ASCII letters and digits joined by single
 * hyphens ("Set up two-factor authentication" → `set-up-two-factor-authentication`), accents
 * dropped ("Café" → `cafe`), cut at a word to leave room for a `-2` suffix.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > BLOG_SLUG_MAX - 4) break;
    slug = next;
  }
  // A first word longer than the limit is cut rather than lost.
  if (slug === '' && words[0]) slug = words[0].slice(0, BLOG_SLUG_MAX - 4);
  return slug || FALLBACK;
}

/** The first of `base`, `base-2`, `base-3`… that is not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
