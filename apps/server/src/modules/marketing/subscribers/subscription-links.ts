import type { SubscriptionLinkResult } from '@wharf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import type { MarketingHooks, MarketingNeeds } from '../deps.js';
import type { LinkClaims, SubscriptionLinks } from '../links.js';
import { marketingCampaigns, marketingSubscribers as s } from '../schema.js';
import { marketingSettings, senderName } from './consent.js';
import { listIdsOf } from './memberships.js';
import { recordEvents } from './subscriber-events.js';

/*
 * The subscriber's own links (public: the signed token is their whole authority). Both answer the
 * same when followed again and change nothing the second time. They work whether or not the
 * Marketing module is still installed: a person must always be able to stop the mail.
 */

export interface LinkDeps {
  db: Database;
  needs: Pick<MarketingNeeds, 'integrations'>;
  links: SubscriptionLinks;
  hooks: Pick<MarketingHooks, 'joinedLists'>;
}

const subscriptionGone = () =>
  notFound('This subscription no longer exists: the address was removed from the list.', 'SUBSCRIBER_NOT_FOUND');

/** The token's subscriber, locked for the transaction; gone (erased) is 404. */
async function lockedSubscriber(tx: Executor, claims: LinkClaims) {
  const [row] = await tx
    .select({ id: s.id, status: s.status })
    .from(s)
    .where(and(eq(s.projectId, claims.projectId), eq(s.id, claims.subscriberId)))
    .for('update');
  if (!row) throw subscriptionGone();
  return row;
}

async function answer(deps: LinkDeps, claims: LinkClaims, status: SubscriptionLinkResult['status']) {
  const settings = await marketingSettings(deps.needs, deps.db, claims.projectId);
  return { status, sender: await senderName(deps.db, claims.projectId, settings) };
}

/** The double opt-in's confirmation: unconfirmed becomes subscribed, consent recorded now, by confirmation. */
export async function confirmSubscription(deps: LinkDeps, token: string, now: Date): Promise<SubscriptionLinkResult> {
  const claims = deps.links.verify(token, 'confirm');
  const status = await deps.db.transaction(async (tx) => {
    const row = await lockedSubscriber(tx, claims);
    // Someone who unsubscribed since stays so: an old confirmation mail is not a new consent.
    if (row.status !== 'unconfirmed') return row.status;
    await tx
      .update(s)
      .set({ status: 'subscribed', consentAt: now, consentSource: 'confirmation', updatedAt: now })
      .where(eq(s.id, row.id));
    await recordEvents(tx, [{ projectId: claims.projectId, subscriberId: row.id, at: now, kind: 'confirmed' }]);
    // Subscribed now, they join the lists they were put on while unconfirmed (a welcome flow starts).
    const listIds = await listIdsOf(tx, row.id);
    if (listIds.length > 0)
      await deps.hooks.joinedLists.run(tx, {
        projectId: claims.projectId,
        members: [{ subscriberId: row.id, listIds }],
        at: now,
      });
    return 'subscribed' as const;
  });
  return answer(deps, claims, status);
}

/**
 * What an unsubscribe link is about, changing nothing: the page a person lands on names the sender
 * before they choose (mail scanners follow links, so only the POST unsubscribes).
 */
export async function readUnsubscribeLink(deps: LinkDeps, token: string): Promise<SubscriptionLinkResult> {
  const claims = deps.links.verify(token, 'unsubscribe');
  const [row] = await deps.db
    .select({ status: s.status })
    .from(s)
    .where(and(eq(s.projectId, claims.projectId), eq(s.id, claims.subscriberId)));
  if (!row) throw subscriptionGone();
  return answer(deps, claims, row.status);
}

/**
 * Unsubscribes the token's subscriber (RFC 8058's one-click POST, or the console's page), whatever
 * their status; the campaign whose mail carried the link counts it, once.
 */
export async function unsubscribe(deps: LinkDeps, token: string, now: Date): Promise<SubscriptionLinkResult> {
  const claims = deps.links.verify(token, 'unsubscribe');
  await deps.db.transaction(async (tx) => {
    const row = await lockedSubscriber(tx, claims);
    if (row.status === 'unsubscribed') return;
    await tx.update(s).set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now }).where(eq(s.id, row.id));
    await recordEvents(tx, [
      {
        projectId: claims.projectId,
        subscriberId: row.id,
        at: now,
        kind: 'unsubscribed',
        campaignId: claims.campaignId ?? null,
        detail: 'link',
      },
    ]);
    if (claims.campaignId) {
      await tx
        .update(marketingCampaigns)
        .set({ unsubscribed: sql`${marketingCampaigns.unsubscribed} + 1` })
        .where(and(eq(marketingCampaigns.projectId, claims.projectId), eq(marketingCampaigns.id, claims.campaignId)));
    }
  });
  return answer(deps, claims, 'unsubscribed');
}
