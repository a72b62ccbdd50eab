import type { MailingList, Subscriber, SubscriberEvent } from '@wharf/contract';
import { fakeProject, json, projectPageApi, type FakeRoutes } from '../../test/fake-api';

/** A shop with the Marketing module installed. */
export const marketingProject = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'marketing' }],
});
export const P = marketingProject.id;

/** Everything a marketer holds. */
export const MARKETER = ['projects.read', 'integrations.read', 'mail.read', 'mail.manage', 'mail.subscribe'];
/** A role that may only look. */
export const MAIL_READER = ['projects.read', 'integrations.read', 'mail.read'];

export const SUBSCRIBERS = '/v1/mail/subscribers';
export const LISTS = '/v1/mail/mailing-lists';

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 10, day, hour, 0, 0)).toISOString();

export const subscriberId = (n: number) => id('5ab50000', n);
export const listId = (n: number) => id('11570000', n);

export function listFixture(n: number, fields: Partial<MailingList> = {}): MailingList {
  return {
    id: listId(n),
    name: `List ${n}`,
    description: '',
    optIn: 'single',
    subscriberCount: n * 10,
    memberCount: n * 12,
    createdAt: at(1),
    updatedAt: at(1),
    ...fields,
  };
}

export const newsletter = listFixture(1, {
  name: 'Newsletter',
  description: 'Monthly news',
  subscriberCount: 120,
  memberCount: 130,
});
export const vip = listFixture(2, { name: 'VIP', optIn: 'double', subscriberCount: 8, memberCount: 9 });

/** Subscriber `n`, subscribed on the newsletter from the console unless told otherwise. */
export function subscriberFixture(n: number, fields: Partial<Subscriber> = {}): Subscriber {
  return {
    id: subscriberId(n),
    email: `reader${n}@example.com`,
    name: `Reader ${n}`,
    gender: null,
    attributes: {},
    status: 'subscribed',
    lists: [{ id: newsletter.id, name: newsletter.name }],
    consentAt: at(n),
    consentSource: 'console',
    unsubscribedAt: null,
    lastOpenedAt: null,
    lastClickedAt: null,
    lastPurchasedAt: null,
    purchaseCount: 0,
    createdAt: at(n),
    updatedAt: at(n),
    ...fields,
  };
}

export function eventFixture(
  n: number,
  kind: SubscriberEvent['kind'],
  fields: Partial<SubscriberEvent> = {},
): SubscriberEvent {
  return { id: id('e7e70000', n), at: at(n), kind, campaign: null, detail: null, ...fields };
}

export const subscriberPage = (items: Subscriber[], total = items.length, nextPageToken: string | null = null) =>
  json(200, { items, nextPageToken, total });

/** The API of a marketer's session (or of a role holding `held`), answering `routes` besides. */
export function marketingApi(routes: FakeRoutes = {}, held: string[] = MARKETER) {
  return projectPageApi(
    held,
    { [`GET ${LISTS}`]: json(200, { items: [newsletter, vip] }), ...routes },
    marketingProject,
  );
}
