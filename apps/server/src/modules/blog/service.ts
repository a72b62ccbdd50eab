import type { Blog, BlogSort, BlogVisibility } from '@wharf/contract';
import { and, asc, desc, eq, gt, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { containsPattern, cursorTime, decodePageToken, encodePageToken } from '../../core/pagination.js';
import { userCards } from '../accounts/read-models.js';
import type { PermissionResolver } from '../access/service.js';
import { memberProjectIdsOnPlatform } from '../projects/read-models.js';
import { sanitizeBlogContent } from './sanitize.js';
import type { BlogSearch } from './search.js';
import { blogs } from './schema.js';
import { firstFreeSlug } from './slug.js';

export type BlogRow = typeof blogs.$inferSelect;

export const blogNotFound = () => new AppError(404, 'BLOG_NOT_FOUND', 'Post not found');
export const slugTaken = (slug: string) =>
  new AppError(409, 'SLUG_TAKEN', `The address "${slug}" is already used by another post. Choose another.`);
export const adminsOnly = () =>
  new AppError(403, 'FORBIDDEN', "Only platform administrators can change the platform's own posts.");
export const needsBlogManage = () =>
  new AppError(403, 'FORBIDDEN', "You need the blog.manage permission in this post's project.");

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who is asking, for the posts of one platform: each decision is made once per request. Platform
 * posts: published ones for everyone, drafts and changes for platform admins. Project posts:
 * `blog.read` in their project to read, `blog.manage` to see drafts and change them.
 */
export class BlogReader {
  private readonly decided = new Map<string, Promise<boolean>>();
  private memberships: Promise<string[]> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly permissions: PermissionResolver,
    readonly userId: string,
    readonly platformId: string,
    readonly isAdmin: boolean,
  ) {}

  holds(projectId: string, permission: 'blog.read' | 'blog.manage'): Promise<boolean> {
    const key = `${projectId}:${permission}`;
    let answer = this.decided.get(key);
    if (!answer) {
      answer = this.permissions.has(projectId, this.userId, permission);
      this.decided.set(key, answer);
    }
    return answer;
  }

  async canRead(row: BlogRow): Promise<boolean> {
    if (row.platformId !== this.platformId) return false;
    if (row.type === 'parent-platform') return row.visibility === 'published' || this.isAdmin;
    if (!row.projectId) return false;
    return this.holds(row.projectId, row.visibility === 'published' ? 'blog.read' : 'blog.manage');
  }

  /** Refuses a change: 403 naming what is missing (the caller may read the post, so it exists for them). */
  async assertCanWrite(row: Pick<BlogRow, 'type' | 'projectId'>): Promise<void> {
    if (row.type === 'parent-platform') {
      if (!this.isAdmin) throw adminsOnly();
      return;
    }
    if (!row.projectId || !(await this.holds(row.projectId, 'blog.manage'))) throw needsBlogManage();
  }

  /** The caller's projects on this platform (a project's posts are read only by its members). */
  private memberProjects(): Promise<string[]> {
    this.memberships ??= memberProjectIdsOnPlatform(this.db, this.userId, this.platformId);
    return this.memberships;
  }

  /** Of the caller's projects (or of `only`, when the search names some), those where they hold `permission`. */
  async projectsWith(permission: 'blog.read' | 'blog.manage', only?: readonly string[]): Promise<string[]> {
    const mine = await this.memberProjects();
    const candidates = only ? mine.filter((id) => only.includes(id)) : mine;
    const held = await Promise.all(candidates.map((id) => this.holds(id, permission)));
    return candidates.filter((_, i) => held[i]);
  }
}

const authorColumns = {
  authorFirstName: userCards.firstName,
  authorLastName: userCards.lastName,
  authorUsername: userCards.username,
};

type RowWithAuthor = { blog: BlogRow } & {
  authorFirstName: string | null;
  authorLastName: string | null;
  authorUsername: string | null;
};

export function toBlog({ blog, ...author }: RowWithAuthor): Blog {
  const fullName = [author.authorFirstName, author.authorLastName].filter(Boolean).join(' ');
  return {
    id: blog.id,
    slug: blog.slug,
    title: blog.title,
    excerpt: blog.excerpt,
    content: blog.content,
    category: blog.category,
    type: blog.type,
    projectId: blog.projectId,
    visibility: blog.visibility,
    publishedAt: blog.publishedAt?.toISOString() ?? null,
    createdAt: blog.createdAt.toISOString(),
    updatedAt: blog.updatedAt.toISOString(),
    author: blog.authorId ? { id: blog.authorId, name: fullName || author.authorUsername || null } : null,
  };
}

function selectWithAuthor(db: Executor) {
  return db
    .select({ blog: blogs, ...authorColumns })
    .from(blogs)
    .leftJoin(userCards, eq(userCards.id, blogs.authorId));
}

/** A post of the platform by id or by slug (a uuid-shaped reference is tried as both, the id first). */
export async function findBlog(db: Executor, platformId: string, ref: string): Promise<RowWithAuthor | undefined> {
  const byRef = uuidPattern.test(ref)
    ? or(eq(blogs.id, ref), eq(blogs.slug, ref.toLowerCase()))
    : eq(blogs.slug, ref.toLowerCase());
  const rows = await selectWithAuthor(db)
    .where(and(eq(blogs.platformId, platformId), byRef))
    .limit(2);
  return rows.find((r) => r.blog.id === ref) ?? rows[0];
}

export async function loadBlog(db: Executor, id: string): Promise<Blog> {
  const [row] = await selectWithAuthor(db).where(eq(blogs.id, id));
  if (!row) throw blogNotFound();
  return toBlog(row);
}

/** Whether another post of the platform has this slug. */
export async function slugInUse(db: Executor, platformId: string, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.platformId, platformId), eq(blogs.slug, slug)));
  return row !== undefined && row.id !== exceptId;
}

/** `base`, or `base-2`, `base-3`… whichever the platform has free. */
export async function freeSlug(db: Executor, platformId: string, base: string): Promise<string> {
  const taken = await db
    .select({ slug: blogs.slug })
    .from(blogs)
    .where(and(eq(blogs.platformId, platformId), or(eq(blogs.slug, base), like(blogs.slug, `${base}-%`))));
  return firstFreeSlug(base, new Set(taken.map((r) => r.slug)));
}

/** When a post was published, after a change of visibility (the first publication stays until it is unpublished). */
export function publishedAtAfter(visibility: BlogVisibility, current: Date | null, now: Date): Date | null {
  if (visibility === 'draft') return null;
  return current ?? now;
}

/* ---- Lists ---- */

interface SortSpec {
  /** What the list is ordered by, with the id breaking ties. */
  key: SQL | AnyPgColumn;
  descending: boolean;
  /** The cursor value of a row. */
  valueOf: (row: BlogRow) => string;
  /** The rows after a cursor, in this order. */
  after: (value: string, id: string) => SQL;
}

function sortSpec(sortBy: BlogSort): SortSpec {
  const descending = sortBy.startsWith('-');
  const beyond = descending ? lt : gt;
  const field = sortBy.replace(/^-/, '') as 'createdAt' | 'updatedAt' | 'title';
  if (field === 'title') {
    // Case-insensitive, so "faq" and "FAQ" sort together.
    const key = sql`lower(${blogs.title})`;
    return {
      key,
      descending,
      valueOf: (row) => row.title.toLowerCase(),
      after: (value, id) => or(beyond(key, value), and(eq(key, value), beyond(blogs.id, id)))!,
    };
  }
  const column = field === 'createdAt' ? blogs.createdAt : blogs.updatedAt;
  return {
    key: column,
    descending,
    valueOf: (row) => row[field].toISOString(),
    after: (value, id) => {
      const at = cursorTime(value);
      return or(beyond(column, at), and(eq(column, at), beyond(blogs.id, id)))!;
    },
  };
}

/** The conditions of the posts a search asks for that the reader may see; undefined when none can match. */
async function visibleTo(reader: BlogReader, search: BlogSearch): Promise<SQL | undefined> {
  const types = search.type ?? ['parent-platform', 'project'];
  const visibilities = search.visibility ?? ['draft', 'published'];
  const scopes: SQL[] = [];
  if (types.includes('parent-platform') && search.project === undefined) {
    const shown = reader.isAdmin ? visibilities : visibilities.filter((v) => v === 'published');
    if (shown.length > 0) scopes.push(and(eq(blogs.type, 'parent-platform'), inArray(blogs.visibility, shown))!);
  }
  if (types.includes('project')) {
    if (visibilities.includes('published')) {
      const readable = await reader.projectsWith('blog.read', search.project);
      if (readable.length > 0) {
        scopes.push(and(inArray(blogs.projectId, readable), eq(blogs.visibility, 'published'))!);
      }
    }
    if (visibilities.includes('draft')) {
      const manageable = await reader.projectsWith('blog.manage', search.project);
      if (manageable.length > 0) scopes.push(and(inArray(blogs.projectId, manageable), eq(blogs.visibility, 'draft'))!);
    }
  }
  return scopes.length === 0 ? undefined : or(...scopes);
}

export interface ListOptions {
  search: BlogSearch;
  sortBy: BlogSort;
  pageSize: number;
  pageToken?: string | undefined;
}

/** One page of the posts the reader may see that match the search, keyset-paged in the asked order. */
export async function listBlogs(
  db: Executor,
  reader: BlogReader,
  options: ListOptions,
): Promise<{ items: Blog[]; nextPageToken: string | null }> {
  const sort = sortSpec(options.sortBy);
  let after: SQL | undefined;
  if (options.pageToken) {
    const cursor = decodePageToken(options.pageToken);
    after = sort.after(cursor.at, cursor.id);
  }
  const scope = await visibleTo(reader, options.search);
  if (!scope) return { items: [], nextPageToken: null };

  const conditions: SQL[] = [eq(blogs.platformId, reader.platformId), scope];
  if (options.search.category) conditions.push(inArray(blogs.category, options.search.category));
  for (const word of options.search.words) conditions.push(ilike(blogs.title, containsPattern(word)));
  if (after) conditions.push(after);
  const order = sort.descending ? desc : asc;
  const rows = await selectWithAuthor(db)
    .where(and(...conditions))
    .orderBy(order(sort.key), order(blogs.id))
    .limit(options.pageSize + 1);
  const page = rows.slice(0, options.pageSize);
  const last = page.at(-1);
  return {
    items: page.map(toBlog),
    nextPageToken:
      rows.length > options.pageSize && last
        ? encodePageToken({ at: sort.valueOf(last.blog), id: last.blog.id })
        : null,
  };
}

/* ---- Seeds ---- */

export interface PlatformPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: 'tutorial' | 'faq' | 'news';
  /** When it was written and published. */
  at: Date;
}

/**
 * Published posts of the platform's own, written in place by id (running again rewrites them). A
 * post whose slug another post of the platform already holds is skipped: the platform's own edits win.
 * Answers how many were written.
 */
export async function upsertPlatformPosts(db: Executor, platformId: string, posts: readonly PlatformPost[]) {
  if (posts.length === 0) return 0;
  const holders = await db
    .select({ id: blogs.id, slug: blogs.slug })
    .from(blogs)
    .where(
      and(
        eq(blogs.platformId, platformId),
        inArray(
          blogs.slug,
          posts.map((p) => p.slug),
        ),
      ),
    );
  const heldBy = new Map(holders.map((h) => [h.slug, h.id]));
  const free = posts.filter((p) => (heldBy.get(p.slug) ?? p.id) === p.id);
  if (free.length === 0) return 0;
  await db
    .insert(blogs)
    .values(
      free.map((p) => ({
        id: p.id,
        platformId,
        projectId: null,
        type: 'parent-platform' as const,
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        content: sanitizeBlogContent(p.content),
        category: p.category,
        visibility: 'published' as const,
        publishedAt: p.at,
        authorId: null,
        createdAt: p.at,
        updatedAt: p.at,
      })),
    )
    .onConflictDoUpdate({
      target: blogs.id,
      set: {
        slug: sql`excluded.slug`,
        title: sql`excluded.title`,
        excerpt: sql`excluded.excerpt`,
        content: sql`excluded.content`,
        category: sql`excluded.category`,
        visibility: sql`excluded.visibility`,
        publishedAt: sql`excluded.published_at`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return free.length;
}
