import type { operations } from '@wharf/contract';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { sanitizeRichHtml } from '../../core/html/sanitize.js';
import type { Handlers } from '../../core/http/operations.js';
import { appendSignedTerms } from '../accounts/service.js';
import {
  assertPlatformExists,
  assertProjectOnPlatform,
  findTerms,
  insertTerms,
  latestTerms,
  listTerms,
  lockPlatform,
  termsNotFound,
  termsOutdated,
  termsVersionTaken,
  toTerms,
  versionExists,
} from './service.js';

type TermsOperations = Pick<typeof operations, 'listTerms' | 'saveTerms' | 'getActiveTerms' | 'signActiveTerms'>;

const nothingLeft = () =>
  new AppError(400, 'VALIDATION_ERROR', 'The terms hold nothing that can be shown. Write them as text.', [
    { path: 'body.content', message: 'The terms hold nothing that can be shown. Write them as text.' },
  ]);

/**
 * A platform's terms and conditions (SPEC.md sections 3, 4 and 7): platform admins save versions,
 * the console shows the latest one to everyone on the platform until they sign it.
 */
export function termsHandlers(deps: { db: Database; clock: Clock }): Handlers<TermsOperations> {
  const { db, clock } = deps;

  return {
    listTerms: async ({ params }) => {
      await assertPlatformExists(db, params.platformId);
      return (await listTerms(db, params.platformId)).map(toTerms);
    },

    saveTerms: async ({ params, body }, request) => {
      const content = sanitizeRichHtml(body.content);
      if (!content) throw nothingLeft();
      const row = await db.transaction(async (tx) => {
        await lockPlatform(tx, params.platformId);
        if (await versionExists(tx, params.platformId, body.version)) throw termsVersionTaken(body.version);
        const saved = await insertTerms(tx, {
          platformId: params.platformId,
          version: body.version,
          title: body.title,
          content,
          authorId: request.principal!.userId,
          now: clock.now(),
        });
        await recordAudit(tx, request, {
          target: `terms:${saved.id}`,
          details: { platformId: saved.platformId, version: saved.version, title: saved.title },
        });
        return saved;
      });
      return toTerms(row);
    },

    getActiveTerms: async ({ params, query }) => {
      if (query.project) await assertProjectOnPlatform(db, query.project, params.id);
      const latest = await latestTerms(db, params.id);
      // Only a platform without terms costs the look-up that tells it from an unknown one.
      if (!latest && !query.project) await assertPlatformExists(db, params.id);
      return { terms: latest ? toTerms(latest) : null };
    },

    signActiveTerms: async ({ params, query }, request) => {
      if (query.project) await assertProjectOnPlatform(db, query.project, params.id);
      const userId = request.principal!.userId;
      const { logs } = await db.transaction(async (tx) => {
        const signing = await findTerms(tx, params.id, query.termsId);
        if (!signing) throw termsNotFound();
        // Signing what the person has not been shown would be no signature: only the latest counts.
        if ((await latestTerms(tx, params.id))?.id !== signing.id) throw termsOutdated();
        const result = await appendSignedTerms(tx, clock, userId, { id: signing.id, version: signing.version });
        await recordAudit(tx, request, {
          target: `terms:${signing.id}`,
          details: { platformId: signing.platformId, version: signing.version, alreadySigned: !result.added },
        });
        return result;
      });
      return { signedPlatformTermsLogs: logs };
    },
  };
}
