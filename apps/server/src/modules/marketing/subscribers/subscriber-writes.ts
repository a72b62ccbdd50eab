import type { CreateSubscriberRequest, SubscriberStatus, UpdateSubscriberRequest } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { MarketingNeeds } from '../deps.js';
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
  const events = await setMemberships(tx, row, lists, now);
  await recordEvents(tx, [{ projectId, subscriberId: row.id, at: now, kind: 'created', detail: source }, ...events]);
  if (confirm) await sendConfirmation(tx, mailer(deps), row, await senderName(tx, projectId, settings), now);
  return { id: row.id, confirmationSent: confirm };
}

const consentRequired = () =>
  new AppError(
    409,
    'CONSENT_REQUIRED',
    'Only the person can subscribe again, by following a confirmation link: set them to unconfirmed to mail them one.',
  );

/** The fields a PUT replaces whose value differs, by name (for the activity and the audit entry). */
function changedFields(row: SubscriberRow, body: UpdateSubscriberRequest): string[] {
  const fields = ['email', 'name', 'gender', 'attributes'] as const;
  return fields.filter((field) => !isDeepStrictEqual(row[field], body[field]));
}

/**
 * What a change of status sets, and the activity line it leaves. Nobody is made `subscribed` from
 * the console: consent is theirs to give. Setting `unconfirmed` mails them a confirmation link.
 */
function statusChange(row: SubscriberRow, to: SubscriberStatus, now: Date) {
  if (to === row.status) return undefined;
  if (to === 'subscribed') throw consentRequired();
  const set: Partial<SubscriberRow> = { status: to };
  if (to === 'unsubscribed') set.unsubscribedAt = now;
  const kind = to === 'unconfirmed' ? undefined : to;
  return { set, kind, confirm: to === 'unconfirmed' };
}

/**
 * Replaces a subscriber (PUT) in the caller's transaction; `row` is locked. Each change is a line
 * of their activity. Answers what changed, without personal data, for the audit entry.
 */
export async function replaceSubscriber(
  tx: Executor,
  deps: WriteDeps,
  input: { row: SubscriberRow; body: UpdateSubscriberRequest; now: Date },
): Promise<{ fields: string[]; status?: { from: SubscriberStatus; to: SubscriberStatus }; lists: number }> {
  const { row, body, now } = input;
  const base = { projectId: row.projectId, subscriberId: row.id, at: now };
  const fields = changedFields(row, body);
  if (fields.includes('email')) await assertAddressFree(tx, row.projectId, body.email, row.id);
  const lists = await mailingListsByIds(tx, row.projectId, body.lists);
  const status = statusChange(row, body.status, now);
  const events: SubscriberEventRow[] = [];
  if (fields.length > 0) events.push({ ...base, kind: 'updated', detail: fields.join(', ') });
  events.push(...(await setMemberships(tx, row, lists, now)));
  if (status?.kind) events.push({ ...base, kind: status.kind, detail: 'console' });
  if (events.length > 0 || status) {
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
  if (status?.confirm) {
    const settings = await marketingSettings(deps.needs, tx, row.projectId);
    await sendConfirmation(
      tx,
      mailer(deps),
      { ...row, email: body.email },
      await senderName(tx, row.projectId, settings),
      now,
    );
  }
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
