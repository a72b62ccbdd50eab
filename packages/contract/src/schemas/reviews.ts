import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { multiline } from './common.js';
import { ImagePreview } from './drive.js';

/*
 * Product and store reviews (SPEC.md section 7 "Platform", issue 22): sent in by the storefront,
 * moderated in the console (approve, reject with a reason, hide; every decision logged) and shown
 * publicly only once approved.
 */

/** Where a review stands; only `approved` ones are public. Any status may move to any other. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'hidden'] as const;
export const ReviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const REVIEW_KINDS = ['product', 'store'] as const;
export const ReviewKind = z.enum(REVIEW_KINDS);
export type ReviewKind = z.infer<typeof ReviewKind>;

/** A moderator's decision and the status it leads to. */
export const REVIEW_DECISIONS = ['approve', 'reject', 'hide'] as const;
export const ReviewDecision = z.enum(REVIEW_DECISIONS);
export type ReviewDecision = z.infer<typeof ReviewDecision>;

/** The list's orders: newest or oldest first (by when sent in), highest or lowest rating first. */
export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export const ReviewSort = z.enum(REVIEW_SORTS);
export type ReviewSort = z.infer<typeof ReviewSort>;

/** The most photos one review may carry. */
export const REVIEW_PHOTOS_MAX = 6;
export const REVIEW_REASON_MAX = 500;

const Time = z.iso.datetime({ offset: true });

/** A review's photo: a drive image of the project, with signed preview links (null while it cannot be shown). */
export const ReviewPhoto = z
  .object({ id: z.uuid(), name: z.string(), preview: ImagePreview.nullable() })
  .meta({ id: 'ReviewPhoto' });
export type ReviewPhoto = z.infer<typeof ReviewPhoto>;

/** A review as the console shows it (the author's address included). */
export const Review = z
  .object({
    id: z.uuid(),
    kind: ReviewKind,
    /** The product reviewed; null for a review of the store. */
    product: z.object({ sku: z.string(), name: z.string() }).nullable(),
    orderId: z.uuid().nullable(),
    customerId: z.uuid().nullable(),
    author: z.object({ name: z.string(), email: z.string() }),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    body: z.string(),
    /** Photos still in the drive; a deleted one is left out. */
    photos: z.array(ReviewPhoto),
    status: ReviewStatus,
    /** Why it was rejected, while it is. */
    rejectionReason: z.string().nullable(),
    submittedAt: z.iso.datetime(),
    moderatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** One line of a review's log: sent in, or a moderation decision with its reason, who made it and when. */
export const ReviewLogEntry = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    decision: z.enum(['submitted', 'approved', 'rejected', 'hidden']),
    reason: z.string().nullable(),
    /** A member's name, the author for `submitted`, or "Published automatically". */
    actor: z.string().nullable(),
  })
  .meta({ id: 'ReviewLogEntry' });
export type ReviewLogEntry = z.infer<typeof ReviewLogEntry>;

export const ReviewDetail = Review.extend({ log: z.array(ReviewLogEntry) }).meta({ id: 'ReviewDetail' });
export type ReviewDetail = z.infer<typeof ReviewDetail>;

/** How many reviews each status has under the list's other filters: the moderation queue's tabs. */
export const ReviewCounts = z
  .object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    hidden: z.number().int(),
  })
  .meta({ id: 'ReviewCounts' });
export type ReviewCounts = z.infer<typeof ReviewCounts>;

export const ReviewPage = Page(Review).extend({ counts: ReviewCounts }).meta({ id: 'ReviewPage' });
export type ReviewPage = z.infer<typeof ReviewPage>;

const Search = z.string().trim().max(200).optional();

export const ListReviewsQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Matches the author's name or email, the product's name, the title and the text. */
  search: Search,
  sortBy: ReviewSort.default('newest'),
  /** Sent in from start (inclusive) to end (exclusive). */
  start: Time.optional(),
  end: Time.optional(),
  status: ReviewStatus.optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
});

export const ExportReviewsQuery = z.object({
  project: z.uuid(),
  start: Time,
  end: Time.optional(),
  status: ReviewStatus.optional(),
});

/**
 * What the storefront sends for a review (an API key with reviews.create). A product review names
 * its product; photos are images the storefront put in the project's drive first.
 */
export const SubmitReviewRequest = z
  .object({
    kind: ReviewKind,
    product: z.object({ sku: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(300) }).optional(),
    /** The order the review is about, when the storefront knows it: an order of this project. */
    orderId: z.uuid().optional(),
    author: z.object({
      name: z.string().trim().min(1).max(200),
      email: z.email('Enter a valid email address.').max(254),
    }),
    rating: z
      .number({ error: 'Rate from 1 to 5 stars.' })
      .int('Rate with whole stars, from 1 to 5.')
      .min(1, 'Rate from 1 to 5 stars.')
      .max(5, 'Rate from 1 to 5 stars.'),
    title: z.string().trim().max(200).optional(),
    body: multiline(z.string().trim().min(1, 'Write a few words about it.').max(5000)),
    photoFileIds: z.array(z.uuid()).max(REVIEW_PHOTOS_MAX, `Attach at most ${REVIEW_PHOTOS_MAX} photos.`).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'product' && !body.product)
      ctx.addIssue({ code: 'custom', path: ['product'], message: 'Name the product a product review is about.' });
    if (body.kind === 'store' && body.product)
      ctx.addIssue({ code: 'custom', path: ['product'], message: 'A review of the store names no product.' });
  })
  .meta({ id: 'SubmitReviewRequest' });
export type SubmitReviewRequest = z.infer<typeof SubmitReviewRequest>;

/** A moderator's decision; a rejection says why (the reason is kept and logged). */
export const ModerateReviewRequest = z
  .object({
    decision: ReviewDecision,
    reason: multiline(z.string().trim().max(REVIEW_REASON_MAX)).optional(),
  })
  .meta({ id: 'ModerateReviewRequest' });
export type ModerateReviewRequest = z.infer<typeof ModerateReviewRequest>;

// The public list (the storefront's product pages) ------------------------------------------------

/** A review as anyone may read it: no address, the author as first name and initial. */
export const PublicReview = z
  .object({
    id: z.uuid(),
    kind: ReviewKind,
    product: z.object({ sku: z.string(), name: z.string() }).nullable(),
    /** "Ada L." */
    author: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    body: z.string(),
    photos: z.array(ReviewPhoto),
    submittedAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicReview' });
export type PublicReview = z.infer<typeof PublicReview>;

export const RatingSummary = z
  .object({
    count: z.number().int(),
    /** Mean of the ratings to one decimal place; null without reviews. */
    average: z.number().nullable(),
  })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof RatingSummary>;

export const PublicReviewPage = Page(PublicReview).extend({ summary: RatingSummary }).meta({ id: 'PublicReviewPage' });
export type PublicReviewPage = z.infer<typeof PublicReviewPage>;

export const ListPublicReviewsQuery = z.object({
  project: z.uuid(),
  /** Only this product's reviews; all approved reviews (store ones included) when left out. */
  productSku: z.string().trim().min(1).max(100).optional(),
  kind: ReviewKind.optional(),
  pageToken: Paging.pageToken,
  pageSize: Paging.pageSize,
});
