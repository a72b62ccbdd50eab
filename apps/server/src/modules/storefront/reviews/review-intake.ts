import type { ReviewDetail, SubmitReviewRequest } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import { badRequest } from '../../../core/errors.js';
import type { FileCard } from '../../drive/file-cards.js';
import { storefrontCustomers, storefrontOrders, storefrontReviewLogs, storefrontReviews } from '../schema.js';
import { reviewSettings, type ConfigOf } from './review-settings.js';
import { reviewDetail, type ImageCards } from './review-views.js';

/** The lowest rating published at once when the Reviews module says so. */
export const AUTO_APPROVE_MIN_RATING = 4;
/** Who the log says approved a review published as it arrived. */
export const PUBLISHED_AUTOMATICALLY = 'Published automatically';

export interface IntakeDeps {
  db: Database;
  clock: Clock;
  configOf: ConfigOf;
  /** The drive's `files.cards`: which of the ids are ready files of the project, and their types. */
  cards: (db: Executor, projectId: string, ids: readonly string[]) => Promise<FileCard[]>;
  images: ImageCards;
}

const photoRefused = () =>
  badRequest(
    "Attach photos as images already in this project's drive (up to six), each by its file id.",
    'REVIEW_PHOTO_INVALID',
  );

/**
 * The review intake: checks what the review refers to (its order, its photos: images of this
 * project's drive), links the customer with the author's address, and writes the review with its
 * log's first lines and the audit entry in one transaction. It starts pending; with the Reviews
 * module's "publish 4 and 5 star reviews at once", a review of 4 or 5 stars is approved as it arrives.
 */
export async function submitReview(
  deps: IntakeDeps,
  request: FastifyRequest,
  projectId: string,
  body: SubmitReviewRequest,
): Promise<ReviewDetail> {
  const { db, clock } = deps;
  const email = body.author.email.trim().toLowerCase();
  const photoIds = [...new Set(body.photoFileIds)];
  return db.transaction(async (tx) => {
    if (photoIds.length > 0) {
      const cards = await deps.cards(tx, projectId, photoIds);
      if (cards.length !== photoIds.length || cards.some((card) => !card.type.startsWith('image/')))
        throw photoRefused();
    }
    if (body.orderId) {
      const [order] = await tx
        .select({ id: storefrontOrders.id })
        .from(storefrontOrders)
        .where(and(eq(storefrontOrders.projectId, projectId), eq(storefrontOrders.id, body.orderId)));
      if (!order) throw badRequest('There is no such order in this project.', 'ORDER_NOT_FOUND');
    }
    const [customer] = await tx
      .select({ id: storefrontCustomers.id })
      .from(storefrontCustomers)
      .where(and(eq(storefrontCustomers.projectId, projectId), eq(storefrontCustomers.email, email)));
    const settings = await reviewSettings(tx, deps.configOf, projectId);
    const published = !!settings?.publishWithoutModeration && body.rating >= AUTO_APPROVE_MIN_RATING;
    const now = clock.now();
    const [row] = await tx
      .insert(storefrontReviews)
      .values({
        projectId,
        kind: body.kind,
        productSku: body.product?.sku ?? null,
        productName: body.product?.name ?? null,
        orderId: body.orderId ?? null,
        customerId: customer?.id ?? null,
        authorName: body.author.name,
        authorEmail: email,
        rating: body.rating,
        title: body.title || null,
        body: body.body,
        photoFileIds: photoIds,
        status: published ? 'approved' : 'pending',
        moderatedAt: published ? now : null,
        submittedAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(storefrontReviewLogs)
      .values([
        { reviewId: row!.id, at: now, decision: 'submitted' as const, actorName: body.author.name },
        ...(published
          ? [{ reviewId: row!.id, at: now, decision: 'approved' as const, actorName: PUBLISHED_AUTOMATICALLY }]
          : []),
      ]);
    await recordAudit(tx, request, {
      projectId,
      target: `review:${row!.id}`,
      details: { kind: body.kind, rating: body.rating, status: row!.status },
    });
    return reviewDetail(tx, deps.images, row!);
  });
}
