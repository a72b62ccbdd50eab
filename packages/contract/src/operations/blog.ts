import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { Page, Paging } from '../schemas/auth.js';
import { Blog, BLOG_SEARCH_MAX, BlogSort, CreateBlogRequest, UpdateBlogRequest } from '../schemas/blog.js';
import { ApiErrorBody } from '../schemas/common.js';

const tags = ['blog'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };

/** A post's id, or (to read it) its slug. */
const idOrSlug = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'Give a post id or its address.');

/**
 * The platform's help and news, and projects' own posts (SPEC.md section 7 "Blog"). Every call is
 * open to signed-in users, and the handlers decide per post, because one list mixes kinds of posts:
 * the platform's published posts need only a signed-in user; its drafts and every change to them a
 * platform admin; a project's posts `blog.read` in that project (drafts and changes `blog.manage`).
 * A post the caller may not read answers 404 BLOG_NOT_FOUND, as if it did not exist.
 */
export const blogOperations = {
  listBlogs: defineOperation({
    operationId: 'listBlogs',
    method: 'GET',
    path: '/v1/blog/blogs',
    summary:
      'Posts the caller may read, page by page. `search` takes words that must all be in the title, and filters ' +
      '`visibility:draft|published`, `type:parent-platform,project`, `category:tutorial,faq,news` and ' +
      '`project:{id}`, e.g. `visibility:published type:parent-platform,project invite`',
    tags,
    query: z.object({
      ...Paging,
      sortBy: BlogSort.default('-createdAt'),
      search: z.string().max(BLOG_SEARCH_MAX).optional(),
    }),
    responses: { 200: Page(Blog), ...errors },
    access: { kind: 'user' },
    audited: false,
  }),
  createBlog: defineOperation({
    operationId: 'createBlog',
    method: 'POST',
    path: '/v1/blog/blogs',
    summary:
      "Write a post: the platform's own (platform admins) or a project's (blog.manage there). The HTML is sanitised; " +
      '409 SLUG_TAKEN when the address is used by another post of the platform',
    tags,
    body: CreateBlogRequest,
    bodyName: 'createBlogRequest',
    responses: { 201: Blog, 409: ApiErrorBody, ...errors },
    access: { kind: 'user' },
    audited: true,
  }),
  getBlog: defineOperation({
    operationId: 'getBlog',
    method: 'GET',
    path: '/v1/blog/blogs/{blogId}',
    summary: 'One post, by id or by its slug',
    tags,
    params: z.object({ blogId: idOrSlug }),
    responses: { 200: Blog, ...errors },
    access: { kind: 'user' },
    audited: false,
  }),
  updateBlog: defineOperation({
    operationId: 'updateBlog',
    method: 'PATCH',
    path: '/v1/blog/blogs/{blogId}',
    summary: 'Change a post (who may write it: see createBlog); publishing stamps publishedAt',
    tags,
    params: z.object({ blogId: z.uuid() }),
    body: UpdateBlogRequest,
    bodyName: 'updateBlogRequest',
    responses: { 200: Blog, 409: ApiErrorBody, ...errors },
    access: { kind: 'user' },
    audited: true,
  }),
  deleteBlog: defineOperation({
    operationId: 'deleteBlog',
    method: 'DELETE',
    path: '/v1/blog/blogs/{blogId}',
    summary: 'Delete a post (who may write it: see createBlog)',
    tags,
    params: z.object({ blogId: z.uuid() }),
    responses: { 204: z.undefined(), ...errors },
    access: { kind: 'user' },
    audited: true,
  }),
};
