import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../core/db/database.js';
import { invalidToken, type LinkClaims, type SubscriptionLinks } from '../links.js';
import { marketingCampaignRecipients as r, marketingCampaigns as c, marketingSubscribers as s } from '../schema.js';
import { recordEvents } from '../subscribers/subscriber-events.js';
import { recipientOf } from './recipient-rows.js';

/** A 1×1 transparent GIF: the open pixel's whole answer. */
export const OPEN_PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A click's address as kept in the subscriber's activity: enough to tell links apart. */
const DETAIL_MAX = 500;

type TrackedClaims = LinkClaims & { campaignId: string };

/**
 * The link's subscriber was mailed by its campaign in its project, and still exists: only then does
 * anything change (a deleted subscriber leaves no trace, decision 038).
 */
async function isRecipient(tx: Executor, claims: TrackedClaims): Promise<boolean> {
  const [found] = await tx
    .select({ id: s.id })
    .from(r)
    .innerJoin(s, and(eq(s.id, r.subscriberId), eq(s.projectId, r.projectId)))
    .where(recipientOf(claims));
  return Boolean(found);
}

/**
 * An open: the recipient's first one counts in the campaign's figures and the subscriber's activity;
 * every one moves the subscriber's last opened time (what "opened in the last 7 days" reads).
 */
async function recordOpen(tx: Executor, claims: TrackedClaims, now: Date): Promise<void> {
  const [first] = await tx
    .update(r)
    .set({ openedAt: now })
    .where(and(recipientOf(claims), isNull(r.openedAt)))
    .returning({ subscriberId: r.subscriberId });
  if (first) {
    await tx
      .update(c)
      .set({ opened: sql`${c.opened} + 1` })
      .where(eq(c.id, claims.campaignId));
    await recordEvents(tx, [{ ...claims, at: now, kind: 'opened' }]);
  }
  await tx.update(s).set({ lastOpenedAt: now }).where(eq(s.id, claims.subscriberId));
}

/** A click: as an open, plus the first click counted and the address kept; the last clicked time moves. */
async function recordClick(tx: Executor, claims: TrackedClaims, url: string, now: Date): Promise<void> {
  await recordOpen(tx, claims, now);
  const [first] = await tx
    .update(r)
    .set({ clickedAt: now })
    .where(and(recipientOf(claims), isNull(r.clickedAt)))
    .returning({ subscriberId: r.subscriberId });
  if (first) {
    await tx
      .update(c)
      .set({ clicked: sql`${c.clicked} + 1` })
      .where(eq(c.id, claims.campaignId));
  }
  await recordEvents(tx, [{ ...claims, at: now, kind: 'clicked', detail: url.slice(0, DETAIL_MAX) }]);
  await tx.update(s).set({ lastClickedAt: now }).where(eq(s.id, claims.subscriberId));
}

/** A token's claims when they name a campaign; tracking is a campaign's alone. */
const withCampaign = (claims: LinkClaims): TrackedClaims | undefined =>
  claims.campaignId ? (claims as TrackedClaims) : undefined;

/**
 * Records an open pixel's fetch. A bad token changes nothing and throws nothing: the image is
 * answered anyway, so a mail never shows a broken picture. Only a recipient of the campaign — a row
 * of this subscriber, campaign and project — is counted; a deleted subscriber is not.
 */
export async function trackOpen(db: Database, links: SubscriptionLinks, token: string, now: Date): Promise<void> {
  let claims: TrackedClaims | undefined;
  try {
    claims = withCampaign(links.verify(token, 'open'));
  } catch {
    return;
  }
  if (!claims) return;
  const tracked = claims;
  await db.transaction(async (tx) => {
    if (await isRecipient(tx, tracked)) await recordOpen(tx, tracked, now);
  });
}

/**
 * Records a tracked link's click and answers where to send the reader. The token's MAC covers the
 * address, so a changed or forged one is 400 INVALID_TOKEN; so is an address that is not a web page
 * (the mail's own links through here are http(s) only: see compose.ts).
 */
export async function trackClick(
  db: Database,
  links: SubscriptionLinks,
  input: { token: string; url: string },
  now: Date,
): Promise<string> {
  const claims = withCampaign(links.verify(input.token, 'click', input.url));
  let target: URL;
  try {
    target = new URL(input.url);
  } catch {
    throw invalidToken();
  }
  if (!claims || (target.protocol !== 'http:' && target.protocol !== 'https:')) throw invalidToken();
  await db.transaction(async (tx) => {
    if (await isRecipient(tx, claims)) await recordClick(tx, claims, input.url, now);
  });
  // The parsed form: the same address, its characters escaped for a header.
  return target.href;
}
