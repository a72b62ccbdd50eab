import type { Review, ReviewCounts, ReviewDetail } from '@wharf/contract';
import { fakeProject, json, projectPageApi, type FakeRoutes } from '../../test/fake-api';
import { OWNER } from '../../features/storefront/storefront-fixtures';

/** The shop with the Reviews module installed (the same project as the storefront fixtures'). */
export const reviewsProject = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [
    { code: 'core' },
    { code: 'orders' },
    { code: 'customers' },
    { code: 'platform' },
    { code: 'reviews' },
  ],
  settings: { currency: 'EUR' },
});

/** A moderator: reads and decides. A member reads only. */
export const MODERATOR = [...OWNER, 'reviews.read', 'reviews.moderate'];
export const READER = ['projects.read', 'orders.read', 'reviews.read'];

export const reviewId = (n: number) => `4e710000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 10, day, hour, 0, 0)).toISOString();

/** Review `n` of the Harbour mug, pending, `n` stars unless told otherwise. */
export function reviewFixture(n: number, fields: Partial<Review> = {}): Review {
  return {
    id: reviewId(n),
    kind: 'product',
    product: { sku: 'MUG-1', name: 'Harbour mug' },
    orderId: null,
    customerId: null,
    author: { name: `Reviewer ${n}`, email: `reviewer${n}@example.com` },
    rating: Math.min(5, Math.max(1, n)),
    title: `Review ${n}`,
    body: `Thoughts number ${n}.`,
    photos: [],
    status: 'pending',
    rejectionReason: null,
    submittedAt: at(n),
    moderatedAt: null,
    ...fields,
  };
}

export function detailOf(review: Review, log: ReviewDetail['log'] = []): ReviewDetail {
  return {
    ...review,
    log: [
      {
        id: `${review.id.slice(0, -2)}a1`,
        at: review.submittedAt,
        decision: 'submitted',
        reason: null,
        actor: review.author.name,
      },
      ...log,
    ],
  };
}

export const counts = (fields: Partial<ReviewCounts> = {}): ReviewCounts => ({
  pending: 0,
  approved: 0,
  rejected: 0,
  hidden: 0,
  ...fields,
});

export const reviewPage = (
  items: Review[],
  nextPageToken: string | null = null,
  c = counts({ pending: items.length }),
) => json(200, { items, nextPageToken, counts: c });

/** The API of a session holding `held` in the shop with the Reviews module, answering `routes` besides. */
export function reviewsApi(routes: FakeRoutes = {}, held: string[] = MODERATOR) {
  return projectPageApi(held, routes, reviewsProject);
}
