import type { CreateSubscriberRequest, SubscriberStatus, UpdateSubscriberRequest } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { MarketingHooks, MarketingNeeds } from '../deps.js';
import type { SubscriptionLinks } from '../links.js';
import { mailingListsByIds } from '../lists/list-views.js';
import { marketingSubscribers } from '../schema.js';
import { marketingSettings, needsConfirmation, sendConfirmation, senderName } from './consent.js';
import { setMemberships } from './memberships.js';
import { recordEvents, type SubscriberEventRow } from './subscriber-events.js';
import type { SubscriberRow } from './subscriber-views.js';
import { assertAddressFree, subscriberExists, suppress } from './suppression.js';

export interface WriteDeps {
  needs: Pick<MarketingNeeds, 'integrations' | 'mail' | 'storefront'>;
  links: SubscriptionLinks;
  hooks: Pick<MarketingHooks, 'joinedLists'>;
}

const mailer = (deps: WriteDeps) => ({ mail: deps.needs.mail, links: deps.links });

/**
 * A new subscriber, in the caller's transaction: refused when the address is suppressed or known,
 * or a list is not the project's; subscribed with consent recorded, or unconfirmed and mailed the
 * confirmation link (see `needsConfirmation`); their past purchases from the shop read at once, so
 * an audience by "last purchased" has them from the start. Answers the new id and whether a
 * confirmation mail went to the outbox.
 */
export async function addSubscriber(
  tx: Executor,
  deps: WriteDeps,
  input: { projectId: string; body: CreateSubscriberRequest; byKey: boolean; now: Date },
): Promise<{ id: string; confirmationSent: boolean }> {
  const { projectId, body, byKey, now } = input;
  await assertAddressFree(tx, projectId, body.email);
  const lists = await mailingListsByIds(tx, projectId, body.lists);
  const settings = await marketingSettings(deps.needs, tx, projectId);
  const confirm = needsConfirmation({ requested: body.status, lists, byKey, settings });
  const source = body.consentSource ?? (byKey ? 'api' : 'console');
  const bought = (await deps.needs.storefront.purchaseHistory(tx, projectId, [body.email])).get(body.email);
  const [row] = await tx
    .insert(marketingSubscribers)
    .values({
      projectId,
      email: body.email,
      name: body.name,
      gender: body.gender,
      attributes: body.attributes,
      status: confirm ? 'unconfirmed' : 'subscribed',
      // Unconfirmed people have not consented yet: their confirmation records it.
      consentAt: confirm ? null : now,
      consentSource: confirm ? null : source,
      lastPurchasedAt: bought?.lastPurchasedAt ?? null,
      purchaseCount: bought?.orderCount ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // Another call added the address since the check above.
  if (!row) throw subscriberExists();
  const events = await setMemberships(tx, row, lists, now, deps.hooks.joinedLists);
  await recordEvents(tx, [{ projectId, subscriberId: row.id, at: now, kind: 'created', detail: source }, ...events]);
  if (confirm) await sendConfirmation(tx, mailer(deps), row, await senderName(tx, projectId, settings), now);
  return { id: row.id, confirmationSent: confirm };
}

/**
 * Consent is the person's own to give: the console may neither subscribe someone nor set them
 * `unconfirmed`, which would mail a confirmation link to a person who left or bounced (or re-ask
 * someone who already agreed). Only their own sign-up or confirmation brings them (back) in.
 */
/**
 * A sign-up form's add (a key that cannot read the list): like `addSubscriber`, but an address
 * already a subscriber or erased is left as it was and answered like a new one, so the form tells
 * nobody who is on the list (and mails nobody twice). Answers the new subscriber, if one was made.
 */
export async function signUpSubscriber(
  tx: Executor,
  deps: WriteDeps,
  input: { projectId: string; body: CreateSubscriberRequest; now: Date },
): Promise<{ id: string; confirmationSent: boolean } | undefined> {
  try {
    return await addSubscriber(tx, deps, { ...input, byKey: true });
  } catch (error) {
    // Both are refused before anything is written, so the transaction goes on.
    if (error instanceof AppError && QUIET_REFUSALS.has(error.code)) return undefined;
    throw error;
  }
}

const QUIET_REFUSALS = new Set(['SUBSCRIBER_EXISTS', 'ADDRESS_SUPPRESSED']);

const consentRequired = (to: 'subscribed' | 'unconfirmed', from: SubscriberStatus) =>
  new AppError(
    409,
    'CONSENT_REQUIRED',
    to === 'subscribed'
      ? 'Only the person can subscribe themselves, by following the link in a confirmation mail.'
      : from === 'bounced'
        ? 'This address bounced, so it cannot be sent a confirmation mail. Only the person can sign up again.'
        : from === 'unsubscribed'
          ? 'This person unsubscribed, so they cannot be sent a confirmation mail. Only they can sign up again.'
          : 'This person already confirmed their subscription, so they cannot be asked again.',
  );

/** The fields a PUT replaces whose value differs, by name (for the activity and the audit entry). */
function changedFields(row: SubscriberRow, body: UpdateSubscriberRequest): string[] {
  const fields = ['email', 'name', 'gender', 'attributes'] as const;
  return fields.filter((field) => !isDeepStrictEqual(row[field], body[field]));
}

/**
 * What a change of status sets, and the activity line it leaves. The console only takes people
 * out (unsubscribed, bounced); see `consentRequired` for why nobody is brought back from here.
 */
function statusChange(row: SubscriberRow, to: SubscriberStatus, now: Date) {
  if (to === row.status) return undefined;
  if (to === 'subscribed' || to === 'unconfirmed') throw consentRequired(to, row.status);
  const set: Partial<SubscriberRow> = { status: to };
  if (to === 'unsubscribed') set.unsubscribedAt = now;
  return { set, kind: to };
}

/**
 * Replaces a subscriber (PUT) in the caller's transaction; `row` is locked. Each change is a line
 * of their activity. A status it may not set is refused before anything is written. Answers what
 * changed, without personal data, for the audit entry.
 */
export async function replaceSubscriber(
  tx: Executor,
  input: { row: SubscriberRow; body: UpdateSubscriberRequest; now: Date; hooks: Pick<MarketingHooks, 'joinedLists'> },
): Promise<{ fields: string[]; status?: { from: SubscriberStatus; to: SubscriberStatus }; lists: number }> {
  const { row, body, now, hooks } = input;
  const status = statusChange(row, body.status, now);
  const base = { projectId: row.projectId, subscriberId: row.id, at: now };
  const fields = changedFields(row, body);
  if (fields.includes('email')) await assertAddressFree(tx, row.projectId, body.email, row.id);
  const lists = await mailingListsByIds(tx, row.projectId, body.lists);
  const events: SubscriberEventRow[] = [];
  if (fields.length > 0) events.push({ ...base, kind: 'updated', detail: fields.join(', ') });
  events.push(...(await setMemberships(tx, row, lists, now, hooks.joinedLists)));
  if (status) events.push({ ...base, kind: status.kind, detail: 'console' });
  if (events.length > 0) {
    await tx
      .update(marketingSubscribers)
      .set({
        email: body.email,
        name: body.name,
        gender: body.gender,
        attributes: body.attributes,
        ...status?.set,
        updatedAt: now,
      })
      .where(eq(marketingSubscribers.id, row.id));
  }
  await recordEvents(tx, events);
  return {
    fields,
    ...(status ? { status: { from: row.status, to: body.status } } : {}),
    lists: events.filter((event) => event.kind === 'list_added' || event.kind === 'list_removed').length,
  };
}

/**
 * Erases a subscriber: the row goes, and with it (cascade) their memberships and activity; only the
 * hash of the address stays on the suppression list, so no import or form brings them back.
 */
export async function eraseSubscriber(tx: Executor, row: SubscriberRow, now: Date): Promise<void> {
  await tx.delete(marketingSubscribers).where(eq(marketingSubscribers.id, row.id));
  await suppress(tx, row.projectId, row.email, 'deleted', now);
}
