import type { mailSubscriberOperations } from '@wharf/contract';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';
import { assertMarketing } from '../module-guard.js';
import { findMailingList, mailingListView, mailingListViews } from './list-views.js';
import { createMailingList, deleteMailingList, updateMailingList } from './list-writes.js';

type ListOperations = Pick<
  typeof mailSubscriberOperations,
  'listMailingLists' | 'getMailingList' | 'createMailingList' | 'updateMailingList' | 'deleteMailingList'
>;

/** Mailing lists: by name with their counts, one, made, renamed or re-described, deleted. */
export function mailingListHandlers(...[shared, needs]: MarketingSetup): Handlers<ListOperations> {
  const { db, clock } = shared;
  const guard = (projectId: string) => assertMarketing(needs.integrations, db, projectId);
  return {
    listMailingLists: async ({ query }) => {
      await guard(query.project);
      return { items: await mailingListViews(db, query.project) };
    },

    getMailingList: async ({ params, query }) => {
      await guard(query.project);
      return mailingListView(db, query.project, params.mailingListId);
    },

    createMailingList: async ({ query, body }, request) => {
      await guard(query.project);
      const id = await db.transaction(async (tx) => {
        const made = await createMailingList(tx, query.project, body, clock.now());
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `mailingList:${made}`,
          details: { name: body.name, optIn: body.optIn },
        });
        return made;
      });
      return mailingListView(db, query.project, id);
    },

    updateMailingList: async ({ params, query, body }, request) => {
      await guard(query.project);
      await db.transaction(async (tx) => {
        const row = await findMailingList(tx, query.project, params.mailingListId, true);
        const changes = await updateMailingList(tx, row, body, clock.now());
        // Audited even when nothing changed: the call was made, and the entry says it did nothing.
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `mailingList:${row.id}`,
          details: { name: row.name, changes },
        });
      });
      return mailingListView(db, query.project, params.mailingListId);
    },

    deleteMailingList: async ({ params, query }, request) => {
      await guard(query.project);
      await db.transaction(async (tx) => {
        const row = await findMailingList(tx, query.project, params.mailingListId, true);
        await deleteMailingList(tx, row);
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `mailingList:${row.id}`,
          details: { name: row.name },
        });
      });
    },
  };
}
