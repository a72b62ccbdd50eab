import type { operations } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { forbidden } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import {
  createBookmark,
  deleteBookmark,
  listBookmarks,
  listTabs,
  replaceTabs,
  toBookmark,
  updateBookmark,
  type Owner,
} from './service.js';

type BookmarkOperations = Pick<
  typeof operations,
  'listBookmarks' | 'createBookmark' | 'updateBookmark' | 'deleteBookmark' | 'getBookmarkTabs' | 'updateBookmarkTabs'
>;

/**
 * The caller's own bookmarks in the project. The operation's access (projects.read) lets an API key
 * through, but a key is nobody's: it has no bookmarks to read or write.
 */
function ownerOf(request: FastifyRequest, projectId: string): Owner {
  const principal = request.principal!;
  if (principal.kind !== 'user') {
    throw forbidden("Bookmarks belong to people, and an API key has none. Use a signed-in user's token.");
  }
  return { projectId, userId: principal.userId };
}

/** Bookmarks and their tabs (SPEC.md sections 3 and 7): each person's own, per project. */
export function bookmarkHandlers(deps: { db: Database; clock: Clock }): Handlers<BookmarkOperations> {
  const { db, clock } = deps;

  return {
    listBookmarks: ({ params }, request) => listBookmarks(db, ownerOf(request, params.project)),

    createBookmark: async ({ params, body }, request) => {
      const owner = ownerOf(request, params.project);
      const row = await db.transaction(async (tx) => {
        const created = await createBookmark(tx, owner, body, clock.now());
        await recordAudit(tx, request, {
          target: `bookmark:${created.id}`,
          details: { title: created.title, tabId: created.tabId },
        });
        return created;
      });
      return toBookmark(row);
    },

    updateBookmark: async ({ params, body }, request) => {
      const owner = ownerOf(request, params.project);
      const row = await db.transaction(async (tx) => {
        const updated = await updateBookmark(tx, owner, params.bookmark, body, clock.now());
        await recordAudit(tx, request, { target: `bookmark:${updated.id}`, details: { fields: Object.keys(body) } });
        return updated;
      });
      return toBookmark(row);
    },

    deleteBookmark: async ({ params }, request) => {
      const owner = ownerOf(request, params.project);
      await db.transaction(async (tx) => {
        const gone = await deleteBookmark(tx, owner, params.bookmark);
        await recordAudit(tx, request, { target: `bookmark:${gone.id}`, details: { title: gone.title } });
      });
      return undefined;
    },

    getBookmarkTabs: ({ params }, request) => listTabs(db, ownerOf(request, params.project)),

    updateBookmarkTabs: async ({ params, body }, request) => {
      const owner = ownerOf(request, params.project);
      return db.transaction(async (tx) => {
        const { tabs, ...changes } = await replaceTabs(tx, owner, body.tabs, clock.now());
        // The set of tabs is the person's: the entry names them, and says what was created, deleted and moved.
        await recordAudit(tx, request, { target: `user:${owner.userId}`, details: { ...changes } });
        return tabs;
      });
    },
  };
}
