import type { Campaign, MailingList } from '@wharf/contract';
import { fakeProject, json, listPage, projectPageApi, type FakeRoutes } from '../../test/fake-api';
import { draftFixture, summaryOfDraft } from '../mail-drafts/draft-fixtures';

/** A shop in London with the Marketing module installed. */
export const campaignProject = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'customers' }, { code: 'marketing' }],
  settings: { timezone: 'Europe/London' },
});
export const P = campaignProject.id;

export const MAIL_SENDER = ['mail.read', 'mail.manage', 'mail.send'];
export const MAIL_MANAGER = ['mail.read', 'mail.manage'];
export const MAIL_READER = ['mail.read'];

export const CAMPAIGNS = '/v1/mail/campaigns';
export const COUNT = 'POST /v1/mail/campaigns/audience-count';

export const campaignId = (n: number) => `ca3a0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const listId = (n: number) => `11570000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9, 0, 0)).toISOString();

export const spring = draftFixture(1, { name: 'Spring sale', subject: 'Up to 30% off' });
export const welcome = draftFixture(2, { name: 'Welcome', subject: 'Welcome aboard' });

export function listFixture(n: number, name: string): MailingList {
  return {
    id: listId(n),
    name,
    description: '',
    optIn: 'single',
    subscriberCount: n * 10,
    memberCount: n * 10,
    createdAt: at(1),
    updatedAt: at(1),
  };
}
export const newsletter = listFixture(1, 'Newsletter');
export const vip = listFixture(2, 'VIP');

const noStats = { recipients: 0, sent: 0, delivered: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 };

/** Campaign `n`: a draft to everyone subscribed, sending the Spring sale draft, made on day `n` of November. */
export function campaignFixture(n: number, fields: Partial<Campaign> = {}): Campaign {
  return {
    id: campaignId(n),
    name: `Campaign ${n}`,
    status: 'draft',
    draft: { id: spring.id, name: spring.name, subject: spring.subject },
    audience: { lists: [], excludeLists: [], filters: [] },
    scheduledAt: null,
    startedAt: null,
    finishedAt: null,
    failure: null,
    stats: noStats,
    createdAt: at(n),
    updatedAt: at(n),
    ...fields,
  };
}

/** The API of a campaign page in the mail project: its lists and drafts, and a count of 1,234 unless told. */
export function campaignApi(routes: FakeRoutes, held: readonly string[] = MAIL_SENDER) {
  return projectPageApi(
    held,
    {
      'GET /v1/mail/mailing-lists': json(200, { items: [newsletter, vip] }),
      'GET /v1/mail/drafts': listPage([summaryOfDraft(spring), summaryOfDraft(welcome)]),
      [COUNT]: json(200, { count: 1234 }),
      ...routes,
    },
    campaignProject,
  );
}
