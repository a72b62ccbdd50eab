import { defineModule } from '../../core/modules.js';
import { registerAdvance } from './advance.js';
import type { FlowNeeds } from './deps.js';
import { enrol, pauseProjectFlows, type EnrolDeps } from './enrol.js';
import { flowHandlers } from './flow-handlers.js';
import { registerNoPurchase, scheduleNoPurchase } from './no-purchase.js';

/**
 * Automated mail flows (issue 23, decision 039): a trigger and steps, edited as a draft and published
 * as numbered versions; subscribers enter through hooks in the transaction of what triggered them,
 * and the advance job takes each run through its version's steps, mailing at most once per step.
 */
export const flowsModule = defineModule<'flows', Record<string, never>, FlowNeeds>({
  name: 'flows',
  needs: ['access', 'integrations', 'mail', 'marketing', 'storefront'],
  setup: async (shared, needs) => {
    const { db, clock, jobs } = shared;
    const { integrations, marketing, storefront } = needs;
    const enrolDeps: EnrolDeps = { integrations, marketing, jobs };
    // The triggers: each enters subscribers in the transaction of the change that fired it.
    marketing.joinedLists.add((tx, event) =>
      enrol(tx, enrolDeps, {
        projectId: event.projectId,
        kind: 'joinedList',
        at: event.at,
        entrantsOf: (trigger) =>
          trigger.kind === 'joinedList'
            ? event.members
                .filter((member) => member.listIds.includes(trigger.listId))
                .map((member) => ({ subscriberId: member.subscriberId }))
            : [],
      }),
    );
    marketing.firstPurchase.add((tx, event) =>
      enrol(tx, enrolDeps, {
        projectId: event.projectId,
        kind: 'firstOrder',
        at: event.at,
        entrantsOf: () => [{ subscriberId: event.subscriberId }],
      }),
    );
    storefront.orderFulfilled.add(async (tx, order) => {
      const subscriberId = await marketing.subscribedByEmail(tx, order.projectId, order.email);
      if (!subscriberId) return;
      await enrol(tx, enrolDeps, {
        projectId: order.projectId,
        kind: 'orderFulfilled',
        at: order.at,
        entrantsOf: () => [{ subscriberId, entryKey: order.orderId }],
      });
    });
    // Uninstalled, its flows stop: paused, nobody enters and nobody is mailed until one is resumed.
    integrations.uninstalled.add(async (tx, { projectId, code, at }) => {
      if (code === 'flows') await pauseProjectFlows(tx, projectId, at);
    });
    registerAdvance({ db, clock, jobs, marketing, mail: needs.mail });
    registerNoPurchase({ db, clock, jobs, integrations, marketing });
    await scheduleNoPurchase(jobs, clock);
    return { handlers: flowHandlers(shared, needs), service: {} };
  },
});
