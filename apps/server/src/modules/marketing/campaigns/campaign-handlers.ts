import type { Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';

type Ops = Record<never, never>;

/** Stub: this area of issue 23 fills it in. */
export function campaignHandlers(..._setup: MarketingSetup): Handlers<Ops> {
  return {};
}
