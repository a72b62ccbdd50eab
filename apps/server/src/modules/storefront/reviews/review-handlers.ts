import type { operations } from '@wharf/contract';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { PlatformScope } from '../platform-scope.js';
import { moderateReview } from './moderation.js';
import { submitReview, type IntakeDeps } from './review-intake.js';
import { PublicReviewSummaries } from './public-summary.js';
import { listPublicReviews, listReviews } from './review-list.js';
import { findReview, reviewDetail, type ImageCards } from './review-views.js';

type ReviewOperations = Pick<
  typeof operations,
  'submitReview' | 'listReviews' | 'getReview' | 'moderateReview' | 'listPublicReviews'
>;

export interface ReviewHandlerDeps extends IntakeDeps {
  db: Database;
  clock: Clock;
  scope: PlatformScope;
  images: ImageCards;
}

/**
 * Reviews (issue 22): the storefront's intake, the console's moderation queue and the public list of
 * approved reviews. Their export is one of the storefront's exports (exports/export-handlers.ts).
 */
export function reviewHandlers(deps: ReviewHandlerDeps): Handlers<ReviewOperations> {
  const { db, scope, images } = deps;
  const summaries = new PublicReviewSummaries(deps.clock);
  return {
    submitReview: async ({ params, query, body }, request) => {
      await scope.assert(query.project, params.platformId);
      const review = await submitReview(deps, request, query.project, body);
      // Published at once (the Reviews module's setting), it counts in the public summary now.
      if (review.status === 'approved') summaries.forget(query.project);
      return review;
    },

    listReviews: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return listReviews(db, images, query.project, query);
    },

    getReview: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return reviewDetail(db, images, await findReview(db, query.project, params.reviewId));
    },

    moderateReview: async ({ params, query, body }, request) => {
      await scope.assert(query.project, params.platformId);
      const review = await moderateReview(deps, request, query.project, params.reviewId, body);
      summaries.forget(query.project);
      return review;
    },

    // Public: a project that is not on that platform (or does not exist) is not found, as elsewhere.
    listPublicReviews: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      return listPublicReviews(db, images, summaries, query);
    },
  };
}
