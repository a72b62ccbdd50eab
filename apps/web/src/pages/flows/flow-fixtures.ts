import type { Flow, FlowDraft, FlowVersion } from '@wharf/contract';
import { fakeProject, json, listPage, projectPageApi, type FakeRoutes } from '../../test/fake-api';
import { draftFixture, summaryOfDraft } from '../mail-drafts/draft-fixtures';

/** A shop with the Marketing and Flows modules installed. */
export const flowProject = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'customers' }, { code: 'marketing' }, { code: 'flows' }],
});
export const P = flowProject.id;

export const FLOW_MANAGER = ['flows.read', 'flows.manage', 'mail.read', 'mail.send'];
/** Edits flows but may not set one mailing (publish, resume): that takes mail.send. */
export const FLOW_EDITOR = ['flows.read', 'flows.manage', 'mail.read'];
export const FLOW_READER = ['flows.read', 'mail.read'];

export const flowId = (n: number) => `f10e0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const listId = (n: number) => `11570000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9, 0, 0)).toISOString();

export const newsletter = { id: listId(1), name: 'Newsletter' };
export const vips = { id: listId(2), name: 'VIP' };
export const welcomeDraft = draftFixture(1, { name: 'Welcome' });
export const tipsDraft = draftFixture(2, { name: 'Tips' });

/** Mailing list `list` as GET /v1/mail/mailing-lists answers it. */
function mailingList(list: { id: string; name: string }) {
  return {
    ...list,
    description: '',
    optIn: 'single',
    subscriberCount: 10,
    memberCount: 12,
    createdAt: at(1),
    updatedAt: at(1),
  };
}

/** Flow `n`, never published, created on day `n` of November. */
export function flowFixture(n: number, fields: Partial<Flow> = {}): Flow {
  return {
    id: flowId(n),
    name: `Flow ${n}`,
    status: 'draft',
    trigger: null,
    liveVersion: null,
    hasChanges: true,
    runs: { active: 0, completed: 0, exited: 0 },
    atStep: {},
    publishedAt: null,
    createdAt: at(n),
    updatedAt: at(n),
    ...fields,
  };
}

/** A welcome flow live at version 2: joins Newsletter, waits a day, sends Welcome. */
export const welcomeSteps: FlowDraft['steps'] = [
  { id: 's-wait', kind: 'wait', amount: 1, unit: 'days' },
  { id: 's-send', kind: 'send', draftId: welcomeDraft.id },
];
export const welcomeFlow = flowFixture(3, {
  name: 'Welcome series',
  status: 'active',
  trigger: { kind: 'joinedList', listId: newsletter.id },
  liveVersion: 2,
  hasChanges: false,
  runs: { active: 5, completed: 40, exited: 3 },
  atStep: { 's-wait': 4, 's-send': 1 },
  publishedAt: at(3),
});

export function draftOf(flow: Flow, fields: Partial<FlowDraft> = {}): FlowDraft {
  return {
    flowId: flow.id,
    trigger: flow.trigger,
    steps: flow.liveVersion === null ? [] : welcomeSteps,
    baseVersion: flow.liveVersion,
    updatedAt: flow.updatedAt,
    ...fields,
  };
}

export function versionFixture(version: number, fields: Partial<FlowVersion> = {}): FlowVersion {
  return {
    version,
    trigger: { kind: 'joinedList', listId: newsletter.id },
    steps: welcomeSteps,
    publishedAt: at(version),
    publishedBy: { id: '3c8e8f5e-1a3b-4d5c-9e7f-0a1b2c3d4e5f', name: 'Ada Lovelace' },
    live: false,
    ...fields,
  };
}

/** The lists and drafts a flow names, as the marketing API answers them. */
export const marketingRoutes: FakeRoutes = {
  'GET /v1/mail/mailing-lists': () => json(200, { items: [mailingList(newsletter), mailingList(vips)] }),
  'GET /v1/mail/drafts': () => listPage([summaryOfDraft(welcomeDraft), summaryOfDraft(tipsDraft)]),
};

/** The API of a project page in the flows project. */
export function flowApi(routes: FakeRoutes, held: readonly string[] = FLOW_MANAGER) {
  return projectPageApi(held, { ...marketingRoutes, ...routes }, flowProject);
}
