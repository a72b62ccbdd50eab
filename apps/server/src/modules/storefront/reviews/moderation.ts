import type { ModerateReviewRequest, ReviewDecision, ReviewDetail, ReviewStatus } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import { actorOf } from '../actor.js';
import { storefrontReviewLogs, storefrontReviews } from '../schema.js';
import { findReview, reviewDetail, type ImageCards } from './review-views.js';

/** The status each decision leads to (and the word its log line keeps). */
const STATUS_OF: Record<ReviewDecision, Exclude<ReviewStatus, 'pending'>> = {
  approve: 'approved',
  reject: 'rejected',
  hide: 'hidden',
};

export const reasonRequired = () =>
  badRequest('Say why the review is rejected: the reason is kept with it.', 'REVIEW_REASON_REQUIRED');

/**
 * A moderator's decision on a review, under its row lock. Any status may move to any other — a
 * hidden or rejected review can be approved again, an approved one hidden — since moderation is a
 * judgement that may be revised, and the log keeps every step. A rejection needs a reason (kept on
 * the review while it stays rejected); the same status again writes no log line and changes nothing
 * (the call is still audited, as asked).
 */
export async function moderateReview(
  deps: { db: Database; clock: Clock; images: ImageCards },
  request: FastifyRequest,
  projectId: string,
  reviewId: string,
  body: ModerateReviewRequest,
): Promise<ReviewDetail> {
  const { db, clock } = deps;
  const reason = body.reason?.trim() || null;
  if (body.decision === 'reject' && !reason) throw reasonRequired();
  const actor = await actorOf(db, request);
  return db.transaction(async (tx) => {
    const row = await findReview(tx, projectId, reviewId, true);
    const next = STATUS_OF[body.decision];
    const changed = row.status !== next;
    if (changed) {
      const now = clock.now();
      await tx
        .update(storefrontReviews)
        .set({
          status: next,
          rejectionReason: next === 'rejected' ? reason : null,
          moderatedAt: now,
          updatedAt: now,
        })
        .where(eq(storefrontReviews.id, row.id));
      await tx.insert(storefrontReviewLogs).values({
        reviewId: row.id,
        at: now,
        decision: next,
        reason,
        actorId: request.principal?.kind === 'user' ? request.principal.userId : null,
        actorName: actor,
      });
    }
    await recordAudit(tx, request, {
      projectId,
      target: `review:${row.id}`,
      details: { decision: body.decision, from: row.status, changed, ...(reason ? { reason } : {}) },
    });
    return reviewDetail(tx, deps.images, changed ? await findReview(tx, projectId, row.id) : row);
  });
}
