import type { mailCampaignOperations } from '@wharf/contract';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Transaction } from '../../../core/db/database.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';
import { subscriptionLinks, type SubscriptionLinks } from '../links.js';
import { assertMarketing } from '../module-guard.js';
import { mailContextOf } from '../render/mail-context.js';
import { cancelSend, pauseSend, startSend } from '../sending/send-control.js';
import { registerCampaignSendJob } from '../sending/send-job.js';
import { OPEN_PIXEL, trackClick, trackOpen } from '../sending/tracking.js';
import { assertAudienceLists, countAudience } from './audience.js';
import { createCampaign, updateCampaign } from './campaign-changes.js';
import { listCampaigns } from './campaign-list.js';
import { campaignView, findCampaign, type CampaignRow } from './campaign-views.js';

type Ops = typeof mailCampaignOperations;

/**
 * Campaigns: making, listing, reading, changing, the live count; sending, pausing and cancelling
 * (the `marketing.campaign-send` job does the sending, sending/send-job.ts); and the tracked opens
 * and clicks of the mails sent.
 */
export function campaignHandlers(...[shared, needs]: MarketingSetup): Handlers<Ops> {
  const { db, clock, jobs } = shared;
  const guard = (projectId: string) => assertMarketing(needs.integrations, db, projectId);
  // The signing key is read once, when first needed (setup here is synchronous).
  let signing: Promise<SubscriptionLinks> | undefined;
  const links = () => (signing ??= subscriptionLinks({ config: shared.config, secret: shared.secret }));
  registerCampaignSendJob(jobs, {
    db,
    clock,
    jobs,
    mail: needs.mail,
    mailContext: (projectId) => mailContextOf(needs, db, projectId),
    links,
    log: shared.log,
  });

  /** A send call's change of status: the campaign locked, changed, audited, in one transaction. */
  const moveCampaign = async (
    request: Parameters<Handlers<Ops>['sendCampaign']>[1],
    projectId: string,
    campaignId: string,
    move: (tx: Transaction, row: CampaignRow, now: Date) => Promise<object | void>,
  ) => {
    await guard(projectId);
    await db.transaction(async (tx) => {
      const row = await findCampaign(tx, projectId, campaignId, true);
      const details = await move(tx, row, clock.now());
      await recordAudit(tx, request, {
        projectId,
        target: `campaign:${row.id}`,
        details: { name: row.name, ...details },
      });
    });
    return campaignView(db, projectId, campaignId);
  };

  return {
    createCampaign: async ({ query, body }, request, reply) => {
      await guard(query.project);
      const id = await db.transaction(async (tx) => {
        const campaignId = await createCampaign(tx, {
          projectId: query.project,
          campaign: body,
          userId: request.principal?.kind === 'user' ? request.principal.userId : null,
          now: clock.now(),
        });
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `campaign:${campaignId}`,
          details: { name: body.name },
        });
        return campaignId;
      });
      void reply.code(201);
      return campaignView(db, query.project, id);
    },

    listCampaigns: async ({ query }) => {
      await guard(query.project);
      return listCampaigns(db, query.project, query);
    },

    getCampaign: async ({ params, query }) => {
      await guard(query.project);
      return campaignView(db, query.project, params.campaignId);
    },

    updateCampaign: async ({ params, query, body }, request) => {
      await guard(query.project);
      await db.transaction(async (tx) => {
        const row = await findCampaign(tx, query.project, params.campaignId, true);
        const changes = await updateCampaign(tx, row, body, clock.now());
        // Audited even when nothing changed: the call was made, and the entry says it did nothing.
        await recordAudit(tx, request, {
          projectId: query.project,
          target: `campaign:${row.id}`,
          details: { name: body.name ?? row.name, changes },
        });
      });
      return campaignView(db, query.project, params.campaignId);
    },

    countCampaignAudience: async ({ query, body }) => {
      await guard(query.project);
      await assertAudienceLists(db, query.project, body.audience);
      return { count: await countAudience(db, query.project, body.audience, clock.now()) };
    },

    sendCampaign: ({ params, query }, request) =>
      moveCampaign(request, query.project, params.campaignId, (tx, row, now) =>
        startSend(tx, { needs, jobs }, row, now),
      ),

    pauseCampaign: ({ params, query }, request) =>
      moveCampaign(request, query.project, params.campaignId, (tx, row, now) => pauseSend(tx, row, now)),

    cancelCampaign: ({ params, query }, request) =>
      moveCampaign(request, query.project, params.campaignId, (tx, row, now) => cancelSend(tx, row, now)),

    // Public: the token is the reader's whole authority, and the module guard is not asked (a
    // campaign's links keep answering, doing nothing, once the module is gone).
    trackOpen: async ({ query }, _request, reply) => {
      await trackOpen(db, await links(), query.token, clock.now());
      void reply
        .code(200)
        .header('content-type', 'image/gif')
        .header('content-length', OPEN_PIXEL.length)
        .header('cache-control', 'no-store');
      return OPEN_PIXEL;
    },

    trackClick: async ({ query }, _request, reply) => {
      const target = await trackClick(db, await links(), query, clock.now());
      void reply.header('cache-control', 'no-store').redirect(target, 302);
      return undefined;
    },
  };
}
