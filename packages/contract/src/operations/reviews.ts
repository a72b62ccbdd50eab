import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  ExportReviewsQuery,
  ListPublicReviewsQuery,
  ListReviewsQuery,
  ModerateReviewRequest,
  PublicReviewPage,
  ReviewDetail,
  ReviewPage,
  SubmitReviewRequest,
} from '../schemas/reviews.js';
import { StorefrontExport } from '../schemas/storefront.js';

const tags = ['storefront'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
/** Every storefront call names the project's platform too (SPEC.md section 7 "Platform"); another answers 404. */
const onPlatform = z.object({ platformId: z.uuid() });
const reviewParams = onPlatform.extend({ reviewId: z.uuid() });
const readReviews = { kind: 'permission', permission: 'reviews.read' } as const;

/**
 * Product and store reviews (SPEC.md section 7 "Platform", issue 22): the storefront sends them in
 * with an API key holding `reviews.create`; they start pending (or approved at once, with the
 * Reviews module's "publish 4 and 5 star reviews at once"); moderators approve, reject with a
 * reason or hide them, each decision logged; only approved reviews are public.
 */
export const reviewOperations = {
  submitReview: defineOperation({
    operationId: 'submitReview',
    method: 'POST',
    path: '/v1/platform/{platformId}/reviews',
    summary:
      "The review intake: the storefront sends a product or store review (an API key with reviews.create), with photos already in the project's drive. It starts pending, or approved when the Reviews module publishes 4 and 5 star reviews at once",
    tags,
    params: onPlatform,
    query: inProject,
    body: SubmitReviewRequest,
    bodyName: 'submitReviewRequest',
    responses: { 201: ReviewDetail, ...errors },
    access: { kind: 'permission', permission: 'reviews.create' },
    audited: true,
  }),
  listReviews: defineOperation({
    operationId: 'listReviews',
    method: 'GET',
    path: '/v1/platform/{platformId}/reviews',
    summary:
      "The project's reviews (the moderation queue), by status and rating, sent in from start to end, matching search (author, product, title, text), newest, oldest, highest or lowest rated first; with each status's count under the other filters",
    tags,
    params: onPlatform,
    query: ListReviewsQuery,
    responses: { 200: ReviewPage, ...errors },
    access: readReviews,
    audited: false,
  }),
  exportReviews: defineOperation({
    operationId: 'exportReviews',
    method: 'POST',
    path: '/v1/platform/{platformId}/reviews/export',
    summary:
      'Start a CSV export of the reviews sent in from start (required) to end, of one status or all; it runs in the background into a drive file (poll getStorefrontExport), and a notification says when it is ready',
    tags,
    params: onPlatform,
    query: ExportReviewsQuery,
    responses: { 202: StorefrontExport, ...errors, 409: ApiErrorBody },
    access: readReviews,
    audited: true,
  }),
  getReview: defineOperation({
    operationId: 'getReview',
    method: 'GET',
    path: '/v1/platform/{platformId}/reviews/{reviewId}',
    summary: 'One review with its log: sent in, then every moderation decision with its reason, who and when',
    tags,
    params: reviewParams,
    query: inProject,
    responses: { 200: ReviewDetail, ...errors },
    access: readReviews,
    audited: false,
  }),
  moderateReview: defineOperation({
    operationId: 'moderateReview',
    method: 'PATCH',
    path: '/v1/platform/{platformId}/reviews/{reviewId}/moderate',
    summary:
      'Approve, reject (saying why) or hide a review; any status may move to any other (a hidden review can be approved again). Each decision is logged; the same decision again changes nothing',
    tags,
    params: reviewParams,
    query: inProject,
    body: ModerateReviewRequest,
    bodyName: 'moderateReviewRequest',
    responses: { 200: ReviewDetail, ...errors },
    access: { kind: 'permission', permission: 'reviews.moderate' },
    audited: true,
  }),
  listPublicReviews: defineOperation({
    operationId: 'listPublicReviews',
    method: 'GET',
    path: '/omnis/v3/platform/{platformId}/reviews',
    summary:
      "A project's approved reviews for its storefront, to anyone: newest first, of one product or all, with the rating's count and average. Never the author's address; the author as first name and initial",
    tags,
    params: onPlatform,
    query: ListPublicReviewsQuery,
    responses: { 200: PublicReviewPage, 400: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
} satisfies Record<string, Operation>;
