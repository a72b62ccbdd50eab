import { z } from 'zod';
import { multiline } from './common.js';

/** What a post is: a step-by-step guide, an answer to a common question, or platform news. */
export const BlogCategory = z.enum(['tutorial', 'faq', 'news']);
export type BlogCategory = z.infer<typeof BlogCategory>;

/** Whose post it is: the platform's own (`parent-platform`), or one project's (`project`). */
export const BlogType = z.enum(['parent-platform', 'project']);
export type BlogType = z.infer<typeof BlogType>;

/** Drafts are seen only by those who may edit them. */
export const BlogVisibility = z.enum(['draft', 'published']);
export type BlogVisibility = z.infer<typeof BlogVisibility>;

export const BLOG_SLUG_MAX = 80;
export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
/** Characters of HTML a post may hold (about 40 printed pages). */
export const BLOG_CONTENT_MAX = 200_000;
/** Characters of a list's search. */
export const BLOG_SEARCH_MAX = 500;

/** The last part of a post's address (`/support/tutorials/{slug}`): unique on its platform. */
export const BlogSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter an address.')
  .max(BLOG_SLUG_MAX, `Use at most ${BLOG_SLUG_MAX} characters.`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens, like invite-your-team.');

const Title = z
  .string()
  .trim()
  .min(1, 'Enter a title.')
  .max(BLOG_TITLE_MAX, `Use at most ${BLOG_TITLE_MAX} characters.`);
const Excerpt = multiline(z.string().trim().max(BLOG_EXCERPT_MAX, `Use at most ${BLOG_EXCERPT_MAX} characters.`));
const Content = multiline(z.string().max(BLOG_CONTENT_MAX, `Use at most ${BLOG_CONTENT_MAX} characters.`));

/**
 * A post of the platform's help and news (SPEC.md section 3 "blogs"). `content` is HTML the server
 * sanitised when it was written: safe tags only, links with rel="noopener noreferrer", https images.
 */
export const Blog = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    /** Plain text: a summary for lists and search results. */
    excerpt: z.string(),
    content: z.string(),
    category: BlogCategory,
    type: BlogType,
    /** The project of a `project` post; null for the platform's own. */
    projectId: z.uuid().nullable(),
    visibility: BlogVisibility,
    /** When it was last published; null while a draft. */
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Who wrote it; null for the platform's own seeded posts or a deleted account. */
    author: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'Blog' });
export type Blog = z.infer<typeof Blog>;

/**
 * A new post. Without `slug`, one is made from the title (and numbered if taken). A `project` post
 * names its project; the platform's own posts name none.
 */
export const CreateBlogRequest = z
  .object({
    title: Title,
    slug: BlogSlug.optional(),
    /** Without one, the start of the content's text. */
    excerpt: Excerpt.optional(),
    content: Content,
    category: BlogCategory,
    type: BlogType,
    projectId: z.uuid().optional(),
    visibility: BlogVisibility.default('draft'),
  })
  .refine((v) => (v.type === 'project') === (v.projectId !== undefined), {
    message: 'A project post names its project; a platform post names none.',
    path: ['projectId'],
  })
  .meta({ id: 'CreateBlogRequest' });

/** Only the fields given change. A post keeps its type and project; the slug changes only when given. */
export const UpdateBlogRequest = z
  .object({
    title: Title.optional(),
    slug: BlogSlug.optional(),
    excerpt: Excerpt.optional(),
    content: Content.optional(),
    category: BlogCategory.optional(),
    visibility: BlogVisibility.optional(),
  })
  .meta({ id: 'UpdateBlogRequest' });

/** How a list of posts is ordered; a leading `-` is newest (or Z) first. */
export const BlogSort = z.enum(['createdAt', '-createdAt', 'updatedAt', '-updatedAt', 'title', '-title']);
export type BlogSort = z.infer<typeof BlogSort>;
