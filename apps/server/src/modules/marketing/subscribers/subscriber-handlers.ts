import type { mailSubscriberOperations } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/audit.js';
import { isUniqueViolation } from '../../../core/db/errors.js';
import type { Handlers, RateLimit } from '../../../core/http/operations.js';
import type { MarketingSetup } from '../deps.js';
import { subscriptionLinks } from '../links.js';
import { mailingListHandlers } from '../lists/list-handlers.js';
import { assertMarketing } from '../module-guard.js';
import { recordPurchase } from './purchases.js';
import { listSubscriberEvents } from './subscriber-events.js';
import { listSubscribers } from './subscriber-list.js';
import { findSubscriber, subscriberView } from './subscriber-views.js';
import { addSubscriber, eraseSubscriber, replaceSubscriber, signUpSubscriber } from './subscriber-writes.js';
import { confirmSubscription, readUnsubscribeLink, unsubscribe } from './subscription-links.js';
import { subscriberExists } from './suppression.js';

type Ops = typeof mailSubscriberOperations;

/** Sign-ups one address may send through a project's keys in a minute. */
export const SIGN_UPS_PER_MINUTE = 20;

/** A storefront's sign-up form is public through its key: a script must not fill the list with it. */
export const subscriberRateLimits: Record<string, RateLimit> = {
  createSubscriber: { max: SIGN_UPS_PER_MINUTE, timeWindow: 60_000, keyCallersOnly: true },
};

const byKey = (request: FastifyRequest) => request.principal?.kind === 'authKey';
/** A storefront's sign-up form: a key that may add subscribers but not read them. */
const bySignUpForm = (request: FastifyRequest) =>
  byKey(request) && !(request.principal?.permissions ?? []).includes('mail.read');

/** The sign-up form's answer, the same for a new, a known and an erased address. */
const SIGN_UP_RECEIVED = {
  received: true,
  message: 'Thank you. If this address can be subscribed, it will be; a confirmation mail may follow.',
} as const;

/**
 * Subscribers and mailing lists (issue 23, decision 038): the console's and the storefront form's
 * calls, the subscriber's own confirm and unsubscribe links, and the shop's orders kept on each
 * subscriber as they arrive (the storefront's `purchased` hook).
 */
export async function subscriberHandlers(...setup: MarketingSetup): Promise<Handlers<Ops>> {
  const [shared, needs, hooks] = setup;
  const { db, clock, config } = shared;
  const links = await subscriptionLinks({ config, secret: shared.secret });
  const deps = { needs, links, hooks };
  const guard = (projectId: string) => assertMarketing(needs.integrations, db, projectId);
  needs.storefront.purchased.add((tx, purchase) => recordPurchase(tx, purchase, hooks.firstPurchase));

  return {
    createSubscriber: async ({ query, body }, request) => {
      await guard(query.project);
      const form = bySignUpForm(request);
      const made = await db.transaction(async (tx) => {
        const input = { projectId: query.project, body, now: clock.now() };
        const added = form
          ? await signUpSubscriber(tx, deps, input)
          : await addSubscriber(tx, deps, { ...input, byKey: byKey(request) });
        // A form's sign-up of a known or erased address changes nothing, and its entry names nobody.
        await recordAudit(tx, request, {
          projectId: query.project,
          ...(added ? { target: `subscriber:${added.id}` } : {}),
          details: added ? { confirmationSent: added.confirmationSent, lists: body.lists.length } : { added: false },
        });
        return added;
      });
      // Delivers the confirmation the commit put in the outbox (nothing to do without SMTP).
      if (made?.confirmationSent) void needs.mail.flush();
      return form || !made ? SIGN_UP_RECEIVED : subscriberView(db, query.project, made.id);
    },

    listSubscribers: async ({ query }) => {
      await guard(query.project);
      return listSubscribers(db, query.project, query);
    },

    getSubscriber: async ({ params, query }) => {
      await guard(query.project);
      return subscriberView(db, query.project, params.subscriberId);
    },

    updateSubscriber: async ({ params, query, body }, request) => {
      await guard(query.project);
      await db
        .transaction(async (tx) => {
          const row = await findSubscriber(tx, query.project, params.subscriberId, true);
          const changed = await replaceSubscriber(tx, { row, body, now: clock.now(), hooks });
          // Audited even when nothing changed; the entry names the fields, never their values.
          await recordAudit(tx, request, {
            projectId: query.project,
            target: `subscriber:${row.id}`,
            details: changed,
          });
        })
        .catch((error: unknown) => {
          // Another call took the new address between the check and the write.
          throw isUniqueViolation(error) ? subscriberExists() : error;
        });
      return subscriberView(db, query.project, params.subscriberId);
    },

    deleteSubscriber: async ({ params, query }, request) => {
      await guard(query.project);
      await db.transaction(async (tx) => {
        const row = await findSubscriber(tx, query.project, params.subscriberId, true);
        await eraseSubscriber(tx, row, clock.now());
        // No address in the entry: an erasure must not leave the person in the audit log.
        await recordAudit(tx, request, { projectId: query.project, target: `subscriber:${row.id}` });
      });
    },

    listSubscriberEvents: async ({ params, query }) => {
      await guard(query.project);
      const subscriber = await findSubscriber(db, query.project, params.subscriberId);
      return listSubscriberEvents(db, subscriber.id, query);
    },

    ...mailingListHandlers(...setup),

    confirmSubscription: async ({ body }) => confirmSubscription({ db, needs, links, hooks }, body.token, clock.now()),

    unsubscribe: async ({ query }) => unsubscribe({ db, needs, links, hooks }, query.token, clock.now()),
    readUnsubscribeLink: async ({ query }) => readUnsubscribeLink({ db, needs, links, hooks }, query.token),
  };
}
