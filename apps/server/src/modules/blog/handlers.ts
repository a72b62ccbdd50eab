import type { operations } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { findUserById } from '../accounts/service.js';
import type { PermissionResolver } from '../access/service.js';
import type { PlatformService } from '../platform/service.js';
import { excerptOf, sanitizeBlogContent } from './sanitize.js';
import { blogs } from './schema.js';
import { parseBlogSearch } from './search.js';
import {
  blogNotFound,
  BlogReader,
  findBlog,
  freeSlug,
  listBlogs,
  loadBlog,
  needsBlogManage,
  publishedAtAfter,
  slugInUse,
  slugTaken,
} from './service.js';
import { slugify } from './slug.js';
import { isUniqueViolation } from '../../core/db/errors.js';

type BlogOperations = Pick<typeof operations, 'listBlogs' | 'createBlog' | 'getBlog' | 'updateBlog' | 'deleteBlog'>;

export interface BlogDependencies {
  db: Database;
  clock: Clock;
  permissions: PermissionResolver;
  platform: PlatformService;
}

/**
 * The blog (SPEC.md section 7 "Blog"). Its operations are open to every signed-in user, because a
 * list mixes the platform's posts and projects' posts; each handler decides per post (BlogReader),
 * and a post the caller may not read is a 404, never a hint that it exists.
 */
export function blogHandlers(deps: BlogDependencies): Handlers<BlogOperations> {
  const { db, clock } = deps;

  /** The caller, on the platform serving the request. Admin rights are read fresh, not from the token. */
  async function readerFor(request: FastifyRequest): Promise<BlogReader> {
    const userId = request.principal!.userId;
    const [platform, user] = await Promise.all([
      deps.platform.resolve({ host: request.hostname }),
      findUserById(db, userId),
    ]);
    return new BlogReader(db, deps.permissions, userId, platform.id, user?.isAdmin ?? false);
  }

  /** A post the caller may read, else 404. */
  async function readable(reader: BlogReader, ref: string) {
    const found = await findBlog(db, reader.platformId, ref);
    if (!found || !(await reader.canRead(found.blog))) throw blogNotFound();
    return found.blog;
  }

  /** Writes that lost a race for a slug answer as if the check had seen it. */
  async function claimingSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(slug);
      throw error;
    }
  }

  return {
    listBlogs: async ({ query }, request) => {
      const search = parseBlogSearch(query.search);
      const reader = await readerFor(request);
      return listBlogs(db, reader, {
        search,
        sortBy: query.sortBy,
        pageSize: query.pageSize,
        pageToken: query.pageToken,
      });
    },

    getBlog: async ({ params }, request) => {
      const reader = await readerFor(request);
      const row = await readable(reader, params.blogId);
      return loadBlog(db, row.id);
    },

    createBlog: async ({ body }, request) => {
      const reader = await readerFor(request);
      const projectId = body.type === 'project' ? body.projectId! : null;
      // Before anything is looked up: an unknown project is refused like one that is not yours.
      if (projectId && !(await reader.holds(projectId, 'blog.manage'))) throw needsBlogManage();
      await reader.assertCanWrite({ type: body.type, projectId });
      const platformId = projectId
        ? (await deps.platform.resolve({ host: request.hostname, projectId })).id
        : reader.platformId;
      const content = sanitizeBlogContent(body.content);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        let slug: string;
        if (body.slug) {
          if (await slugInUse(tx, platformId, body.slug)) throw slugTaken(body.slug);
          slug = body.slug;
        } else {
          slug = await freeSlug(tx, platformId, slugify(body.title));
        }
        const [row] = await claimingSlug(slug, () =>
          tx
            .insert(blogs)
            .values({
              platformId,
              projectId,
              type: body.type,
              slug,
              title: body.title,
              excerpt: body.excerpt || excerptOf(content),
              content,
              category: body.category,
              visibility: body.visibility,
              publishedAt: publishedAtAfter(body.visibility, null, now),
              authorId: reader.userId,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: blogs.id }),
        );
        await recordAudit(tx, request, {
          projectId,
          target: `blog:${row!.id}`,
          details: { slug, title: body.title, type: body.type, visibility: body.visibility },
        });
        return row!.id;
      });
      return loadBlog(db, id);
    },

    updateBlog: async ({ params, body }, request) => {
      const reader = await readerFor(request);
      const current = await readable(reader, params.blogId);
      await reader.assertCanWrite(current);
      const now = clock.now();
      const content = body.content === undefined ? undefined : sanitizeBlogContent(body.content);
      // An excerpt made from the content follows the content; one written by hand stays.
      const derived = current.excerpt === excerptOf(current.content);
      const excerpt =
        body.excerpt !== undefined
          ? body.excerpt || excerptOf(content ?? current.content)
          : content !== undefined && derived
            ? excerptOf(content)
            : undefined;
      const visibility = body.visibility ?? current.visibility;
      await db.transaction(async (tx) => {
        if (body.slug !== undefined && body.slug !== current.slug) {
          if (await slugInUse(tx, current.platformId, body.slug, current.id)) throw slugTaken(body.slug);
        }
        await claimingSlug(body.slug ?? current.slug, () =>
          tx
            .update(blogs)
            .set({
              ...(body.title !== undefined ? { title: body.title } : {}),
              ...(body.slug !== undefined ? { slug: body.slug } : {}),
              ...(excerpt !== undefined ? { excerpt } : {}),
              ...(content !== undefined ? { content } : {}),
              ...(body.category !== undefined ? { category: body.category } : {}),
              visibility,
              publishedAt: publishedAtAfter(visibility, current.publishedAt, now),
              updatedAt: now,
            })
            .where(eq(blogs.id, current.id)),
        );
        await recordAudit(tx, request, {
          projectId: current.projectId,
          target: `blog:${current.id}`,
          details: {
            fields: Object.keys(body),
            ...(visibility !== current.visibility ? { visibility: { from: current.visibility, to: visibility } } : {}),
          },
        });
      });
      return loadBlog(db, current.id);
    },

    deleteBlog: async ({ params }, request) => {
      const reader = await readerFor(request);
      const current = await readable(reader, params.blogId);
      await reader.assertCanWrite(current);
      await db.transaction(async (tx) => {
        const gone = await tx.delete(blogs).where(eq(blogs.id, current.id)).returning({ id: blogs.id });
        if (gone.length === 0) throw blogNotFound();
        await recordAudit(tx, request, {
          projectId: current.projectId,
          target: `blog:${current.id}`,
          details: { slug: current.slug, title: current.title, type: current.type },
        });
      });
      return undefined;
    },
  };
}
