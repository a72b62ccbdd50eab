import {
  BOOKMARKS_MAX,
  type Bookmark,
  type BookmarkColor,
  type BookmarkIcon,
  type BookmarkTab,
  type CreateBookmarkRequest,
  type RouteRef,
  type UpdateBookmarkRequest,
  type UpdateBookmarkTabsRequest,
} from '@wharf/contract';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { inGivenOrder, placeAt } from './ordering.js';
import { bookmarks, bookmarkTabs } from './schema.js';

/** Bookmarks are one person's within one project: every query is scoped by both. */
export interface Owner {
  projectId: string;
  userId: string;
}

type BookmarkRow = typeof bookmarks.$inferSelect;
type TabRow = typeof bookmarkTabs.$inferSelect;

export const bookmarkNotFound = () => new AppError(404, 'BOOKMARK_NOT_FOUND', 'Bookmark not found');
export const tabNotFound = () => new AppError(404, 'BOOKMARK_TAB_NOT_FOUND', 'Bookmark tab not found');
const bookmarkExists = () =>
  new AppError(409, 'BOOKMARK_EXISTS', 'This page is already bookmarked. Find it among your bookmarks.');
const tooManyBookmarks = () =>
  new AppError(
    409,
    'BOOKMARKS_LIMIT',
    `You can keep at most ${BOOKMARKS_MAX} bookmarks in a project. Delete some to add more.`,
  );
const tabListedTwice = () =>
  new AppError(400, 'VALIDATION_ERROR', 'A tab is listed twice.', [
    { path: 'body.tabs', message: 'A tab is listed twice.' },
  ]);

export function toBookmark(row: BookmarkRow): Bookmark {
  return {
    id: row.id,
    title: row.title,
    data: row.data,
    description: row.description,
    // Written only from the contract's enums.
    color: row.color as BookmarkColor | null,
    icon: row.icon as BookmarkIcon | null,
    tabId: row.tabId,
    sortOrder: row.sortOrder,
    tabSortOrder: row.tabSortOrder,
  };
}

export function toTab(row: TabRow): BookmarkTab {
  return { id: row.id, name: row.name, sortOrder: row.sortOrder };
}

const ownBookmarks = (owner: Owner) =>
  and(eq(bookmarks.projectId, owner.projectId), eq(bookmarks.userId, owner.userId))!;
const ownTabs = (owner: Owner) =>
  and(eq(bookmarkTabs.projectId, owner.projectId), eq(bookmarkTabs.userId, owner.userId))!;
/** `null` is the default tab. */
const inTab = (tabId: string | null) => (tabId === null ? isNull(bookmarks.tabId) : eq(bookmarks.tabId, tabId));

/** A route bookmark is the same route when name, params and query are equal; jsonb equality ignores key order. */
function sameRoute(route: RouteRef): SQL {
  const stored = sql`${bookmarks.data} -> 'route'`;
  return and(
    sql`${stored} ->> 'name' = ${route.name}`,
    sql`coalesce(${stored} -> 'params', '{}'::jsonb) = ${JSON.stringify(route.params)}::jsonb`,
    sql`coalesce(${stored} -> 'query', '{}'::jsonb) = ${JSON.stringify(route.query)}::jsonb`,
  )!;
}

/**
 * Writes of one person's bookmarks in one project take turns until the transaction ends: each
 * numbers positions from what is there, and two at once would hand out the same one.
 */
async function lockOwner(tx: Executor, owner: Owner): Promise<void> {
  const key = `bookmarks:${owner.projectId}:${owner.userId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** By tab (the default tab first, then tabs by sortOrder), then by place in the tab. */
export async function listBookmarks(db: Executor, owner: Owner): Promise<Bookmark[]> {
  const rows = await db
    .select({ bookmark: bookmarks })
    .from(bookmarks)
    .leftJoin(bookmarkTabs, eq(bookmarkTabs.id, bookmarks.tabId))
    .where(ownBookmarks(owner))
    .orderBy(sql`${bookmarks.tabId} is not null`, asc(bookmarkTabs.sortOrder), asc(bookmarks.tabSortOrder));
  return rows.map((r) => toBookmark(r.bookmark));
}

export async function listTabs(db: Executor, owner: Owner): Promise<BookmarkTab[]> {
  const rows = await db.select().from(bookmarkTabs).where(ownTabs(owner)).orderBy(asc(bookmarkTabs.sortOrder));
  return rows.map(toTab);
}

export async function findBookmark(db: Executor, owner: Owner, id: string): Promise<BookmarkRow | undefined> {
  const [row] = await db
    .select()
    .from(bookmarks)
    .where(and(eq(bookmarks.id, id), ownBookmarks(owner)));
  return row;
}

/** Another person's tab, or another project's, is not found. */
async function assertOwnTab(db: Executor, owner: Owner, tabId: string): Promise<void> {
  const [row] = await db
    .select({ id: bookmarkTabs.id })
    .from(bookmarkTabs)
    .where(and(eq(bookmarkTabs.id, tabId), ownTabs(owner)));
  if (!row) throw tabNotFound();
}

async function idsInTab(db: Executor, owner: Owner, tabId: string | null): Promise<string[]> {
  const rows = await db
    .select({ id: bookmarks.id })
    .from(bookmarks)
    .where(and(ownBookmarks(owner), inTab(tabId)))
    .orderBy(asc(bookmarks.tabSortOrder), asc(bookmarks.sortOrder));
  return rows.map((r) => r.id);
}

/**
 * Numbers the bookmarks `ids` 1..n in that order in one statement: `tabSortOrder` together with
 * the tab they are then in, or `sortOrder` across all of them.
 */
async function numberInOrder(
  tx: Executor,
  owner: Owner,
  ids: readonly string[],
  numbering: { tabId: string | null } | 'overall',
): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
    sql`, `,
  );
  const set =
    numbering === 'overall' ? sql`sort_order = v.n` : sql`tab_id = ${numbering.tabId}::uuid, tab_sort_order = v.n`;
  await tx.execute(
    sql`update ${bookmarks} set ${set} from (values ${values}) as v(id, n) where ${bookmarks.id} = v.id and ${ownBookmarks(owner)}`,
  );
}

/** Closes the gaps a removal leaves in a tab and across all of the person's bookmarks. */
async function renumberAfterRemoval(tx: Executor, owner: Owner, tabId: string | null): Promise<void> {
  await numberInOrder(tx, owner, await idsInTab(tx, owner, tabId), { tabId });
  const all = await tx
    .select({ id: bookmarks.id })
    .from(bookmarks)
    .where(ownBookmarks(owner))
    .orderBy(asc(bookmarks.sortOrder));
  await numberInOrder(
    tx,
    owner,
    all.map((r) => r.id),
    'overall',
  );
}

/** A new bookmark goes last in its tab and last overall. */
export async function createBookmark(
  tx: Executor,
  owner: Owner,
  body: CreateBookmarkRequest,
  now: Date,
): Promise<BookmarkRow> {
  await lockOwner(tx, owner);
  const tabId = body.tabId ?? null;
  if (tabId) await assertOwnTab(tx, owner, tabId);
  const [counts] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      lastOverall: sql<number>`coalesce(max(${bookmarks.sortOrder}), 0)::int`,
      lastInTab: sql<number>`coalesce(max(${bookmarks.tabSortOrder}) filter (where ${inTab(tabId)}), 0)::int`,
    })
    .from(bookmarks)
    .where(ownBookmarks(owner));
  if (counts!.total >= BOOKMARKS_MAX) throw tooManyBookmarks();
  const route = body.data.route;
  if (route) {
    const [same] = await tx
      .select({ id: bookmarks.id })
      .from(bookmarks)
      .where(and(ownBookmarks(owner), sameRoute(route)))
      .limit(1);
    if (same) throw bookmarkExists();
  }
  const [row] = await tx
    .insert(bookmarks)
    .values({
      ...owner,
      tabId,
      title: body.title,
      data: body.data,
      description: body.description || null,
      color: body.color ?? null,
      icon: body.icon ?? null,
      sortOrder: counts!.lastOverall + 1,
      tabSortOrder: counts!.lastInTab + 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/**
 * Changes the fields given. `tabId` and/or `tabSortOrder` move it: the tab it leaves and the tab it
 * joins are both numbered 1..n again (a position past the end means last; a new tab without a
 * position, last too). `sortOrder` does not change: it is the order across tabs.
 */
export async function updateBookmark(
  tx: Executor,
  owner: Owner,
  id: string,
  body: UpdateBookmarkRequest,
  now: Date,
): Promise<BookmarkRow> {
  await lockOwner(tx, owner);
  const current = await findBookmark(tx, owner, id);
  if (!current) throw bookmarkNotFound();
  const target = body.tabId === undefined ? current.tabId : body.tabId;
  const changesTab = target !== current.tabId;
  if (changesTab && target !== null) await assertOwnTab(tx, owner, target);

  await tx
    .update(bookmarks)
    .set({
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
      ...(body.color !== undefined ? { color: body.color } : {}),
      ...(body.icon !== undefined ? { icon: body.icon } : {}),
      updatedAt: now,
    })
    .where(eq(bookmarks.id, current.id));

  if (changesTab || (body.tabSortOrder !== undefined && body.tabSortOrder !== current.tabSortOrder)) {
    if (changesTab) {
      const left = (await idsInTab(tx, owner, current.tabId)).filter((other) => other !== id);
      await numberInOrder(tx, owner, left, { tabId: current.tabId });
    }
    const others = (await idsInTab(tx, owner, target)).filter((other) => other !== id);
    const position = body.tabSortOrder ?? others.length + 1;
    await numberInOrder(tx, owner, placeAt(others, id, position), { tabId: target });
  }
  return (await findBookmark(tx, owner, id))!;
}

export async function deleteBookmark(tx: Executor, owner: Owner, id: string): Promise<BookmarkRow> {
  await lockOwner(tx, owner);
  const [gone] = await tx
    .delete(bookmarks)
    .where(and(eq(bookmarks.id, id), ownBookmarks(owner)))
    .returning();
  if (!gone) throw bookmarkNotFound();
  await renumberAfterRemoval(tx, owner, gone.tabId);
  return gone;
}

/** What a replacement of the tabs did, for its audit entry. */
export interface TabChanges {
  tabs: BookmarkTab[];
  created: string[];
  deleted: string[];
  /** Bookmarks that went to the default tab with their deleted tab. */
  moved: number;
}

/**
 * Makes the person's tabs in the project exactly `wanted`: tabs with a null id are created, listed
 * ones renamed and reordered, the rest deleted — their bookmarks appended to the default tab in the
 * deleted tabs' order. Tabs are numbered 1..n in the given order. An id that is not one of the
 * person's tabs here refuses the whole change.
 */
export async function replaceTabs(
  tx: Executor,
  owner: Owner,
  wanted: UpdateBookmarkTabsRequest['tabs'],
  now: Date,
): Promise<TabChanges> {
  await lockOwner(tx, owner);
  const existing = await listTabs(tx, owner);
  const existingIds = new Set(existing.map((tab) => tab.id));
  const listed = wanted.flatMap((tab) => (tab.id ? [tab.id] : []));
  if (new Set(listed).size !== listed.length) throw tabListedTwice();
  if (listed.some((id) => !existingIds.has(id))) throw tabNotFound();

  const deleted = existing.filter((tab) => !listed.includes(tab.id)).map((tab) => tab.id);
  let moved = 0;
  if (deleted.length > 0) {
    const defaultTab = await idsInTab(tx, owner, null);
    const orphans: string[] = [];
    for (const tabId of deleted) orphans.push(...(await idsInTab(tx, owner, tabId)));
    moved = orphans.length;
    await numberInOrder(tx, owner, [...defaultTab, ...orphans], { tabId: null });
    await tx.delete(bookmarkTabs).where(and(ownTabs(owner), inArray(bookmarkTabs.id, deleted)));
  }

  const created: string[] = [];
  for (const [index, tab] of inGivenOrder(wanted).entries()) {
    const sortOrder = index + 1;
    if (tab.id) {
      await tx
        .update(bookmarkTabs)
        .set({ name: tab.name, sortOrder })
        .where(and(eq(bookmarkTabs.id, tab.id), ownTabs(owner)));
    } else {
      const [row] = await tx
        .insert(bookmarkTabs)
        .values({ ...owner, name: tab.name, sortOrder, createdAt: now })
        .returning({ id: bookmarkTabs.id });
      created.push(row!.id);
    }
  }
  return { tabs: await listTabs(tx, owner), created, deleted, moved };
}
