import type { CampaignAudience } from '@wharf/contract';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { Hook } from '../../core/hooks.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { integrationsModule } from '../integrations/index.js';
import type { mailModule } from '../mail/index.js';
import type { projectsModule } from '../projects/index.js';
import type { storefrontModule } from '../storefront/index.js';
import { assertAudienceLists, audienceCondition } from './campaigns/audience.js';
import type { MarketingHooks } from './deps.js';
import { campaignHandlers } from './campaigns/campaign-handlers.js';
import { draftHandlers } from './drafts/draft-handlers.js';
import { CHECK_CONTEXT, compileOrRefuse } from './drafts/draft-templates.js';
import { findDraft } from './drafts/draft-views.js';
import { importHandlers } from './imports/import-handlers.js';
import { subscriptionLinks } from './links.js';
import { mailContextOf } from './render/mail-context.js';
import { marketingSubscribers as s } from './schema.js';
import { pauseProjectSends } from './sending/send-control.js';
import { mailComposer } from './sending/compose.js';
import { recordEvents } from './subscribers/subscriber-events.js';
import { subscriberHandlers, subscriberRateLimits } from './subscribers/subscriber-handlers.js';

/** A subscriber as a flow reads them: to mail them, and to know whether they may still be mailed. */
async function subscribersByIds(tx: Executor, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: s.id, email: s.email, name: s.name, attributes: s.attributes, status: s.status })
    .from(s)
    .where(and(eq(s.projectId, projectId), inArray(s.id, [...ids])));
}

/** The subscribed subscriber with this address (as an order gave it), if any. */
async function subscribedByEmail(tx: Executor, projectId: string, email: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.projectId, projectId), eq(s.email, email.trim().toLowerCase()), eq(s.status, 'subscribed')));
  return row?.id;
}

/**
 * Whether the subscriber is in every one of `audiences` now (a flow's condition step): the campaigns'
 * own condition, so a flow and a campaign never disagree about who matches.
 */
async function subscriberMatches(
  tx: Executor,
  projectId: string,
  subscriberId: string,
  audiences: readonly CampaignAudience[],
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.id, subscriberId), ...audiences.map((audience) => audienceCondition(projectId, audience, now))));
  return row !== undefined;
}

/**
 * The next `limit` subscribed subscribers (after `afterId`, in id order) whose last purchase was at
 * or before `before`: a "no purchase for N days" flow's entrants.
 */
function lapsedSubscribers(
  tx: Executor,
  projectId: string,
  lapsed: { after: Date; through: Date },
  afterId: string | null,
  limit: number,
) {
  return tx
    .select({ id: s.id, lastPurchasedAt: s.lastPurchasedAt })
    .from(s)
    .where(
      and(
        eq(s.projectId, projectId),
        eq(s.status, 'subscribed'),
        gt(s.lastPurchasedAt, lapsed.after),
        lte(s.lastPurchasedAt, lapsed.through),
        afterId ? gt(s.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(s.id))
    .limit(limit);
}

/** What the module offers others (flows): see `service` below. */
export interface MarketingService {
  joinedLists: MarketingHooks['joinedLists'];
  firstPurchase: MarketingHooks['firstPurchase'];
  links: Awaited<ReturnType<typeof subscriptionLinks>>;
  mailContextOf: (db: Executor, projectId: string) => ReturnType<typeof mailContextOf>;
  mailComposer: typeof mailComposer;
  compileOrRefuse: (content: Parameters<typeof compileOrRefuse>[0]) => ReturnType<typeof compileOrRefuse>;
  findDraft: typeof findDraft;
  assertLists: (db: Executor, projectId: string, lists: string[]) => Promise<void>;
  recordEvents: typeof recordEvents;
  subscribersByIds: typeof subscribersByIds;
  subscribedByEmail: typeof subscribedByEmail;
  subscriberMatches: typeof subscriberMatches;
  lapsedSubscribers: typeof lapsedSubscribers;
}

/**
 * Mail marketing (issue 23, decision 038): subscribers and their consent, mailing lists, CSV
 * imports, drafts rendered with Liquid, and campaigns sent to an audience in batches. Its calls
 * answer only in projects with the Marketing module installed.
 */
export const marketingModule = defineModule<
  'marketing',
  MarketingService,
  {
    integrations: ServiceOf<ReturnType<typeof integrationsModule>>;
    mail: ServiceOf<typeof mailModule>;
    projects: ServiceOf<typeof projectsModule>;
    storefront: ServiceOf<ReturnType<typeof storefrontModule>>;
  }
>({
  name: 'marketing',
  needs: ['integrations', 'mail', 'projects', 'storefront'],
  setup: async (shared, needs) => {
    const hooks: MarketingHooks = { joinedLists: new Hook(), firstPurchase: new Hook() };
    needs.integrations.uninstalled.add(async (tx, { projectId, code, at }) => {
      if (code === 'marketing') await pauseProjectSends(tx, projectId, at);
    });
    return {
      handlers: {
        ...(await subscriberHandlers(shared, needs, hooks)),
        ...importHandlers(shared, needs, hooks),
        ...draftHandlers(shared, needs, hooks),
        ...campaignHandlers(shared, needs, hooks),
      },
      rateLimits: subscriberRateLimits,
      // What flows (decision 039) build on: the moments a subscriber may enter one, and the module's
      // subscribers, lists, drafts and mail making, so a flow's mail is made as a campaign's is.
      service: {
        ...hooks,
        links: await subscriptionLinks(shared),
        mailContextOf: (db: Executor, projectId: string) => mailContextOf(needs, db, projectId),
        mailComposer,
        compileOrRefuse: (content: Parameters<typeof compileOrRefuse>[0]) => compileOrRefuse(content, CHECK_CONTEXT),
        findDraft,
        assertLists: (db: Executor, projectId: string, lists: string[]) =>
          assertAudienceLists(db, projectId, { lists, excludeLists: [], filters: [] }),
        recordEvents,
        subscribersByIds,
        subscribedByEmail,
        subscriberMatches,
        lapsedSubscribers,
      },
    };
  },
});
