import type { Blog } from '../../features/blog/api/types';
import { json, listPage, queryOf, signedInApi, type FakeCall, type FakeRoutes } from '../../test/fake-api';

export const LIST_BLOGS = 'GET /v1/blog/blogs';

/** A published platform post (GET /v1/blog/blogs), a tutorial unless told otherwise; n = 1 is the newest. */
export function blogFixture(n: number, fields: Partial<Blog> = {}): Blog {
  const title = fields.title ?? `Tutorial ${n}`;
  const at = new Date(Date.UTC(2026, 0, 20, 9, 0, 0) - n * 3_600_000).toISOString();
  return {
    id: `b1060000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    slug: title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    title,
    excerpt: `What ${title} is about.`,
    content: `<p>Body of ${title}.</p>`,
    category: 'tutorial',
    type: 'parent-platform',
    projectId: null,
    visibility: 'published',
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    author: null,
    ...fields,
  };
}

/** The `search` of a list call, split into its filters and (quoted) words. */
export function searchOf(call: FakeCall | undefined): string {
  return queryOf(call).search ?? '';
}

/**
 * The blog list as the server answers it: the posts whose category and title words match the
 * call's search (the fake reads `category:` and quoted words; the rest is the shell's filter).
 */
export function blogList(posts: Blog[]): (call: FakeCall) => Response {
  return (call) => {
    const search = searchOf(call);
    const category = /category:(\w+)/.exec(search)?.[1];
    const words = [...search.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase());
    const size = Number(queryOf(call).pageSize ?? 20);
    const matching = posts.filter(
      (p) => (!category || p.category === category) && words.every((w) => p.title.toLowerCase().includes(w)),
    );
    const start = Number(queryOf(call).pageToken ?? 0);
    const page = matching.slice(start, start + size);
    return listPage(page, start + size < matching.length ? String(start + size) : null);
  };
}

/** A signed-in user's API answering the blog's calls from `posts` (and `routes` besides). */
export function blogApi(posts: Blog[], routes: FakeRoutes = {}) {
  const byRef: FakeRoutes = Object.fromEntries(
    posts.map((post) => [`GET /v1/blog/blogs/${post.slug}`, () => json(200, post)]),
  );
  return signedInApi({ [LIST_BLOGS]: blogList(posts), 'GET /v1/projects': json(200, []), ...byRef, ...routes });
}
