import type { Review, ReviewDetail, ReviewPhoto } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import type { ImageCard } from '../../drive/file-cards.js';
import { storefrontReviewLogs, storefrontReviews } from '../schema.js';

export type ReviewRow = typeof storefrontReviews.$inferSelect;
/** The drive's `files.imageCards`: a project's files with their signed preview links. */
export type ImageCards = (db: Executor, projectId: string, ids: readonly string[]) => Promise<ImageCard[]>;

export const reviewNotFound = () => notFound('There is no such review in this project.', 'REVIEW_NOT_FOUND');

/**
 * The photos of a page of reviews, in one drive read: each a drive image with its preview links.
 * A photo deleted from the drive since is simply left out of its review.
 */
export async function photosOf(
  db: Executor,
  images: ImageCards,
  projectId: string,
  rows: readonly Pick<ReviewRow, 'photoFileIds'>[],
): Promise<Map<string, ReviewPhoto>> {
  const ids = [...new Set(rows.flatMap((row) => row.photoFileIds))];
  const cards = await images(db, projectId, ids);
  return new Map(cards.map((card) => [card.id, { id: card.id, name: card.name, preview: card.preview }]));
}

export const photosIn = (row: Pick<ReviewRow, 'photoFileIds'>, photos: Map<string, ReviewPhoto>) =>
  row.photoFileIds.flatMap((id) => photos.get(id) ?? []);

export function toReview(row: ReviewRow, photos: Map<string, ReviewPhoto>): Review {
  return {
    id: row.id,
    kind: row.kind,
    product: row.productSku ? { sku: row.productSku, name: row.productName ?? row.productSku } : null,
    orderId: row.orderId,
    customerId: row.customerId,
    author: { name: row.authorName, email: row.authorEmail },
    rating: row.rating,
    title: row.title,
    body: row.body,
    photos: photosIn(row, photos),
    status: row.status,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  };
}

export async function findReview(db: Executor, projectId: string, id: string, lock = false): Promise<ReviewRow> {
  const query = db
    .select()
    .from(storefrontReviews)
    .where(and(eq(storefrontReviews.projectId, projectId), eq(storefrontReviews.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw reviewNotFound();
  return row;
}

/** A review with its photos and its log, oldest line first. */
export async function reviewDetail(db: Executor, images: ImageCards, row: ReviewRow): Promise<ReviewDetail> {
  // One after the other: `db` may be a transaction's single connection.
  const photos = await photosOf(db, images, row.projectId, [row]);
  const log = await db
    .select()
    .from(storefrontReviewLogs)
    .where(eq(storefrontReviewLogs.reviewId, row.id))
    .orderBy(asc(storefrontReviewLogs.seq));
  return {
    ...toReview(row, photos),
    log: log.map((line) => ({
      id: line.id,
      at: line.at.toISOString(),
      decision: line.decision,
      reason: line.reason,
      actor: line.actorName,
    })),
  };
}
