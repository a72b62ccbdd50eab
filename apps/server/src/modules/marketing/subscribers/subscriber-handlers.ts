import { mailSubscriberOperations } from '@wharf/contract';
import { AppError } from '../../../core/errors.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';

type Ops = typeof mailSubscriberOperations;

/** Stub until the subscribers area is built: every call answers 501. */
export async function subscriberHandlers(..._setup: MarketingSetup): Promise<Handlers<Ops>> {
  const notYet = async () => {
    throw new AppError(501, 'NOT_IMPLEMENTED', 'Not built yet.');
  };
  return Object.fromEntries(Object.keys(mailSubscriberOperations).map((id) => [id, notYet])) as unknown as Handlers<Ops>;
}
