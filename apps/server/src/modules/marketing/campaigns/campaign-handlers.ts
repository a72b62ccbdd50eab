import type { mailCampaignOperations } from '@wharf/contract';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Handlers } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';
import { assertMarketing } from '../module-guard.js';
import { assertAudienceLists, countAudience } from './audience.js';
import { createCampaign, updateCampaign } from './campaign-changes.js';
import { listCampaigns } from './campaign-list.js';
import { campaignView, findCampaign } from './campaign-views.js';

type Ops = typeof mailCampaignOperations;

/** Campaigns as far as drafts and audiences go: making, listing, reading, changing, and the live count. */
export function campaignHandlers(...[shared, needs]: MarketingSetup): Handlers<Ops> {
  const { db, clock } = shared;
  const guard = (projectId: string) => assertMarketing(needs.integrations, db, projectId);
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
  };
}
