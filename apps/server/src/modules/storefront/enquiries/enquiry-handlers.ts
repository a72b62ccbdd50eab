import type { operations } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { MailMessage } from '../../mail/service.js';
import { actorOf } from '../actor.js';
import type { PlatformScope } from '../platform-scope.js';
import { applyChanges, changesOf, replyToEnquiry } from './enquiry-changes.js';
import { receiveEnquiry, type EnquiryActor } from './enquiry-intake.js';
import { listEnquiries } from './enquiry-list.js';
import { enquiryLogs, enquiryView, findEnquiry } from './enquiry-views.js';

type EnquiryOperations = Pick<
  typeof operations,
  'submitEnquiry' | 'listEnquiries' | 'getEnquiry' | 'listEnquiryLogs' | 'updateEnquiry' | 'replyToEnquiry'
>;

export interface EnquiryDeps {
  db: Database;
  clock: Clock;
  scope: PlatformScope;
  /** The mail module's outbox: replies go out through it, in the reply's transaction. */
  mail: { enqueue: (tx: Executor, message: MailMessage) => Promise<void>; flush: () => Promise<void> };
}

/** The log's actor: a member by id and name; a key has no person, and the intake's key is the storefront. */
async function actorFor(db: Database, request: FastifyRequest, keyName?: string): Promise<EnquiryActor> {
  const principal = request.principal;
  if (principal?.kind === 'authKey') return { id: null, name: keyName ?? (await actorOf(db, request)) };
  return { id: principal?.userId ?? null, name: await actorOf(db, request) };
}

/** The contact form's intake, the inbox, an enquiry and its log, marking, closing and replying. */
export function enquiryHandlers(deps: EnquiryDeps): Handlers<EnquiryOperations> {
  const { db, clock, scope, mail } = deps;
  return {
    submitEnquiry: async ({ params, query, body }, request, reply) => {
      await scope.assert(query.project, params.platformId);
      const actor = await actorFor(db, request, 'The storefront');
      const id = await db.transaction(async (tx) => {
        const enquiryId = await receiveEnquiry(tx, {
          projectId: query.project,
          enquiry: body,
          actor,
          now: clock.now(),
        });
        await recordAudit(tx, request, { projectId: query.project, target: `enquiry:${enquiryId}` });
        return enquiryId;
      });
      void reply.code(201);
      return enquiryView(db, query.project, id);
    },

    listEnquiries: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return listEnquiries(db, query.project, query);
    },

    getEnquiry: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return enquiryView(db, query.project, params.enquiryId);
    },

    listEnquiryLogs: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      const enquiry = await findEnquiry(db, query.project, params.enquiryId);
      return { items: await enquiryLogs(db, enquiry.id) };
    },

    updateEnquiry: async ({ params, query, body }, request) => {
      await scope.assert(query.project, params.platformId);
      const actor = await actorFor(db, request);
      await db.transaction(async (tx) => {
        const row = await findEnquiry(tx, query.project, params.enquiryId, true);
        const changes = changesOf(row, body);
        await applyChanges(tx, row, changes, actor, clock.now());
        // Audited even when nothing changed: the call was made, and the entry says it did nothing.
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `enquiry:${row.id}`,
          details: { changes },
        });
      });
      return enquiryView(db, query.project, params.enquiryId);
    },

    replyToEnquiry: async ({ params, query, body }, request) => {
      await scope.assert(query.project, params.platformId);
      const actor = await actorFor(db, request);
      await db.transaction(async (tx) => {
        const row = await findEnquiry(tx, query.project, params.enquiryId, true);
        await replyToEnquiry(tx, mail, { row, text: body.message, actor, now: clock.now() });
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `enquiry:${row.id}`,
          details: { to: row.email, characters: body.message.length },
        });
      });
      // Delivers what the commit put in the outbox (nothing to do without SMTP).
      void mail.flush();
      return enquiryView(db, query.project, params.enquiryId);
    },
  };
}
