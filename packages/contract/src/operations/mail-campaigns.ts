import type { Operation } from '../operation.js';

/** Filled in by issue 23's work on this area. */
export const mailCampaignOperations = {} satisfies Record<string, Operation>;
