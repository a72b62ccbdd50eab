import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import { emailHash } from '../email-hash.js';
import { marketingSubscribers, marketingSuppressions } from '../schema.js';

export const subscriberExists = () =>
  new AppError(409, 'SUBSCRIBER_EXISTS', 'This address is already a subscriber of this project.');

/**
 * An erased address: said without naming who it was or when, only that it stays off the lists.
 * The console's people need the reason; nothing more of the person is kept to say.
 */
export const addressSuppressed = () =>
  new AppError(
    409,
    'ADDRESS_SUPPRESSED',
    'This address cannot be subscribed: it was erased from this project and is never mailed again.',
  );

/** Whether the address is on the project's suppression list (kept as a hash). */
export async function isSuppressed(tx: Executor, projectId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ hash: marketingSuppressions.emailHash })
    .from(marketingSuppressions)
    .where(and(eq(marketingSuppressions.projectId, projectId), eq(marketingSuppressions.emailHash, emailHash(email))));
  return row !== undefined;
}

/** Refuses an address that is suppressed or already a subscriber (but `self`, on a change of address). */
export async function assertAddressFree(tx: Executor, projectId: string, email: string, self?: string): Promise<void> {
  if (await isSuppressed(tx, projectId, email)) throw addressSuppressed();
  const [taken] = await tx
    .select({ id: marketingSubscribers.id })
    .from(marketingSubscribers)
    .where(and(eq(marketingSubscribers.projectId, projectId), eq(marketingSubscribers.email, email)));
  if (taken && taken.id !== self) throw subscriberExists();
}

/** Keeps the address off the project's lists for good: only its hash stays. */
export async function suppress(
  tx: Executor,
  projectId: string,
  email: string,
  reason: 'deleted' | 'complained',
  now: Date,
): Promise<void> {
  await tx
    .insert(marketingSuppressions)
    .values({ projectId, emailHash: emailHash(email), reason, createdAt: now })
    .onConflictDoNothing();
}
