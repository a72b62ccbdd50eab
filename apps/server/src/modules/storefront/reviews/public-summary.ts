import { LRUCache } from 'lru-cache';
import type { Clock } from '../../../core/clock.js';

export interface ReviewSummary {
  count: number;
  average: number | null;
}

/** How long a summary is trusted: a moderation decision on another process shows within this. */
const SUMMARY_TRUSTED_MS = 30_000;
const SUMMARIES_MAX = 10_000;

/**
 * The public list's count and average, kept per shop, product and kind for a short while. A
 * storefront asks for the same product's reviews on every page view, and the summary is the part
 * of the answer whose cost grows with the shop's reviews (the page itself is an index range).
 * A decision or a published review on this process forgets the shop's summaries at once.
 */
export class PublicReviewSummaries {
  private readonly kept = new LRUCache<string, { summary: ReviewSummary; until: number; projectId: string }>({
    max: SUMMARIES_MAX,
  });

  constructor(private readonly clock: Clock) {}

  async get(
    projectId: string,
    filter: { productSku?: string | undefined; kind?: string | undefined },
    compute: () => Promise<ReviewSummary>,
  ): Promise<ReviewSummary> {
    const key = JSON.stringify([projectId, filter.productSku ?? null, filter.kind ?? null]);
    const now = this.clock.now().getTime();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.summary;
    const summary = await compute();
    this.kept.set(key, { summary, until: now + SUMMARY_TRUSTED_MS, projectId });
    return summary;
  }

  /** The shop's reviews changed: its summaries are computed again on the next ask. */
  forget(projectId: string): void {
    for (const [key, value] of this.kept.entries()) if (value.projectId === projectId) this.kept.delete(key);
  }
}
