import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import type { JobEnqueuer, JobQueue } from '../../../core/jobs/queue.js';
import type { MailMessage } from '../../mail/service.js';
import { findProject } from '../../projects/read-models.js';
import { storefrontOrders, storefrontReviewRequests } from '../schema.js';
import { reviewSettings, type ConfigOf } from './review-settings.js';

/** The job that mails a completed order's customer, once, to ask for a review: payload `{ orderId }`. */
export const REVIEW_REQUEST_QUEUE = 'storefront.review-request';
const DAY_MS = 24 * 60 * 60_000;

/**
 * When an order completes (fulfillment-handlers.ts), in the same transaction: with the Reviews
 * module installed, a review request is owed `requestAfterDays` later — its row, and the job that
 * sends it then. An order completes once; should it ever complete again, the first request stands.
 */
export async function oweReviewRequest(
  tx: Executor,
  deps: { jobs: JobEnqueuer; configOf: ConfigOf },
  order: { id: string; projectId: string },
  completedAt: Date,
): Promise<void> {
  const settings = await reviewSettings(tx, deps.configOf, order.projectId);
  if (!settings) return;
  const dueAt = new Date(completedAt.getTime() + settings.requestAfterDays * DAY_MS);
  const [owed] = await tx
    .insert(storefrontReviewRequests)
    .values({ orderId: order.id, projectId: order.projectId, dueAt })
    .onConflictDoNothing()
    .returning({ orderId: storefrontReviewRequests.orderId });
  if (owed) await deps.jobs.enqueue(tx, REVIEW_REQUEST_QUEUE, { orderId: order.id }, { runAt: dueAt });
}

export interface ReviewRequestDeps {
  db: Database;
  clock: Clock;
  configOf: ConfigOf;
  mail: { enqueue(tx: Executor, message: MailMessage): Promise<void>; flush(): Promise<void> };
}

export function reviewRequestMail(to: string, name: string, shop: string, orderNumber: number): MailMessage {
  const first = name.trim().split(/\s+/)[0] || 'there';
  return {
    to,
    subject: `How was your order #${orderNumber} from ${shop}?`,
    text: [
      `Hello ${first},`,
      '',
      `Thank you for your order #${orderNumber} from ${shop}. Now that it has been with you for a while, how did you find it?`,
      '',
      `A short review, with a photo if you like, helps ${shop} and the people who shop there after you. Leave one on the product's page in the shop.`,
      '',
      `${shop}`,
    ].join('\n'),
  };
}

/**
 * Sends a review request (its job runs when it is due): under its row's lock, only while unsent (so a second run, or
 * two workers at once, send nothing more), the mail and `sentAt` in one transaction. A request whose
 * project no longer has the Reviews module is dropped unsent.
 */
export async function sendReviewRequest(deps: ReviewRequestDeps, orderId: string): Promise<void> {
  const { db, clock } = deps;
  const sent = await db.transaction(async (tx) => {
    const [owed] = await tx
      .select({
        projectId: storefrontReviewRequests.projectId,
        email: storefrontOrders.customerEmail,
        name: storefrontOrders.customerName,
        number: storefrontOrders.number,
      })
      .from(storefrontReviewRequests)
      .innerJoin(storefrontOrders, eq(storefrontOrders.id, storefrontReviewRequests.orderId))
      .where(and(eq(storefrontReviewRequests.orderId, orderId), isNull(storefrontReviewRequests.sentAt)))
      .for('update', { of: storefrontReviewRequests });
    if (!owed) return false;
    if (!(await reviewSettings(tx, deps.configOf, owed.projectId))) {
      await tx.delete(storefrontReviewRequests).where(eq(storefrontReviewRequests.orderId, orderId));
      return false;
    }
    const project = await findProject(tx, owed.projectId);
    await deps.mail.enqueue(tx, reviewRequestMail(owed.email, owed.name, project?.name ?? 'the shop', owed.number));
    await tx
      .update(storefrontReviewRequests)
      .set({ sentAt: clock.now() })
      .where(eq(storefrontReviewRequests.orderId, orderId));
    return true;
  });
  if (sent) void deps.mail.flush();
}

export function registerReviewRequests(jobs: JobQueue, deps: ReviewRequestDeps): void {
  jobs.register<{ orderId: string }>(REVIEW_REQUEST_QUEUE, ({ orderId }) => sendReviewRequest(deps, orderId));
}
