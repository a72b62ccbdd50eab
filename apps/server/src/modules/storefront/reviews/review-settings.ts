import type { Executor } from '../../../core/db/database.js';

/** The Reviews module's code: its settings drive auto-publishing and the review request mail. */
export const REVIEWS_MODULE = 'reviews';

/** The integrations service's `configOf`: an installed module's settings, or undefined. */
export type ConfigOf = (db: Executor, projectId: string, code: string) => Promise<Record<string, unknown> | undefined>;

export interface ReviewSettings {
  /** Days after an order completes that its customer is asked for a review. */
  requestAfterDays: number;
  /** 4 and 5 star reviews are approved as they arrive. */
  publishWithoutModeration: boolean;
}

/**
 * The project's Reviews module settings (manifests/marketing.ts), or undefined when the module is not
 * installed: then reviews still arrive, all pending, and no review request is mailed.
 */
export async function reviewSettings(
  db: Executor,
  configOf: ConfigOf,
  projectId: string,
): Promise<ReviewSettings | undefined> {
  const config = await configOf(db, projectId, REVIEWS_MODULE);
  if (!config) return undefined;
  const days = Number(config.requestAfterDays);
  return {
    requestAfterDays: Number.isInteger(days) && days > 0 ? days : 7,
    publishWithoutModeration: config.publishWithoutModeration === true,
  };
}
