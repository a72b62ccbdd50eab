import { pathOf } from '../../app/navigation';

/** What a post's address looks like (the contract's BlogSlug). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isBlogSlug(value: string): boolean {
  return value.length <= 80 && SLUG.test(value);
}

/** SPEC.md section 2: a post opens on the support tutorials path plus its slug. */
export function blogPath(slug: string): string {
  return pathOf('core.support.tutorials.view', { blogSlug: slug });
}
