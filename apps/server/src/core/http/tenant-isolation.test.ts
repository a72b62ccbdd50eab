import { operations, type Operation } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { fingerprintOf } from '../../test/fingerprint.js';
import { bearerUser, type BearerUser } from '../../test/projects.js';
import { builtInRole } from '../../modules/access/built-in-roles.js';

/**
 * Generated from the operation table: every /v1 operation that names a project is called by a
 * member of project B with project A's ids — in the path, in the `project` query and in the body —
 * and must be refused (403 or 404, never a 400 that could hide a missing check) with nothing changed.
 * A new operation is covered as soon as it enters the table; one with a body needs a valid sample below.
 */
const projectScoped = (Object.values(operations) as Operation[]).filter(
  (op) => op.path.startsWith('/v1') && op.access.kind === 'permission',
);

/** A valid body per operation, so that validation passes and only access can refuse. */
const sampleBodies: Record<string, unknown> = {
  updateProject: { name: 'Taken over', logos: [] },
  createInvite: { email: 'accomplice@example.com', role: 'owner' },
  updateMember: { roles: ['owner'] },
  createAuthKey: { name: 'Backdoor', permissions: ['projects.read'] },
  installProjectTemplate: { overwrite: true },
  createRole: { name: 'Intruders', permissions: ['projects.read'] },
  updateRole: { name: 'Taken over', permissions: ['projects.read'] },
  createBlog: { title: 'Planted', content: '<p>x</p>', category: 'news', type: 'parent-platform' },
  updateBlog: { title: 'Taken over' },
  createBookmark: { title: 'Planted', data: { route: { name: 'billing.index', params: {}, query: {} } } },
  updateBookmark: { title: 'Taken over', tabSortOrder: 1 },
  updateBookmarkTabs: { tabs: [{ id: null, name: 'Planted', sortOrder: 1 }] },
  updateBillingProject: {
    company: {
      legalName: 'Squatter Ltd',
      address: { line1: '1 Road', city: 'Town', postalCode: '1000', country: 'NL' },
      billingEmail: 'squatter@example.com',
    },
    autoPay: true,
  },
  updateWallet: { autoTopUp: { threshold: 0, amount: 1000 } },
  createTransaction: { type: 'credit', amount: 1000, currency: 'EUR', integration: 'gfn', sourceReference: 'planted' },
  createPaymentMethod: {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
    holderName: 'Squatter',
  },
  updatePaymentMethod: { isDefault: true },
  payInvoice: {},
  exportInvoiceTransactions: {},
  createSummary: { periodStart: '2026-01-01T00:00:00Z', periodEnd: '2026-02-01T00:00:00Z' },
  exportSummaryTransactions: { columns: ['id', 'amount'] },
  exportTransactions: { type: 'charge' },
  installIntegration: {},
  createFile: { name: 'planted.png', type: 'image/png', size: 10 },
  updateFileMetadata: { name: 'Taken over', public: true },
  updateIntegration: { config: {} },
  setupIntegration: { config: {} },
  // Platform administrators' billing calls (refused to every project member, see below).
  updateAdminBillingProject: { creditLimit: 1_000_000 },
  voidInvoice: { reason: 'Not yours to void' },
  runInvoices: {},
  exportAdminTransactions: {},
  advanceTestClock: { seconds: 3600 },
  createChannel: { kind: 'open', name: 'Planted' },
  updateChannel: { name: 'Taken over', archived: true },
  addChannelUsers: { users: ['00000000-0000-4000-8000-000000000000'] },
  removeChannelUsers: { users: ['00000000-0000-4000-8000-000000000000'] },
  createMessage: { text: 'Planted' },
  updateChannelUser: { muted: true },
  placeOrder: {
    customer: { email: 'planted@example.com', name: 'Planted' },
    currency: 'GBP',
    items: [{ sku: 'X', name: 'Planted', quantity: 1, unitPrice: 100 }],
    payment: { method: 'external', reference: 'planted' },
  },
  updateFulfillment: { status: 'shipped', trackingNumber: 'PLANTED' },
  refundOrder: { reason: 'PLANTED' },
  completePaymentAuthorization: { code: 'sandbox_00', state: 'planted' },
  createProjectDomain: { domain: 'planted.example' },
  submitEnquiry: { email: 'planted@example.com', name: 'Planted', subject: 'Planted', message: 'Planted' },
  updateEnquiry: { read: true, status: 'closed' },
  replyToEnquiry: { message: 'Planted' },
  submitReview: {
    kind: 'store',
    author: { name: 'Planted', email: 'planted@example.com' },
    rating: 5,
    body: 'Planted',
  },
  moderateReview: { decision: 'reject', reason: 'Planted' },
  createCampaign: { name: 'Planted' },
  updateCampaign: { name: 'Taken over', audience: { filters: [{ field: 'gender', mode: 'exclude', value: 'male' }] } },
  countCampaignAudience: { audience: {} },
  createSubscriber: { email: 'planted@example.com' },
  updateSubscriber: {
    email: 'planted@example.com',
    name: 'Planted',
    gender: null,
    attributes: {},
    lists: [],
    status: 'unsubscribed',
  },
  createMailingList: { name: 'Planted' },
  startSubscriberImport: { mapping: { email: 0 }, lists: [] },
  updateMailingList: { name: 'Taken over' },
  createDraft: { name: 'Planted', subject: 'Planted', markdown: 'Planted' },
  updateDraft: { name: 'Taken over', markdown: 'Planted' },
  previewDraft: { subject: 'Planted', markdown: 'Planted' },
  createFlow: { name: 'Planted' },
  updateFlow: { name: 'Taken over', status: 'paused' },
  updateFlowDraft: { trigger: { kind: 'firstOrder' }, steps: [{ id: 'w', kind: 'wait', amount: 1, unit: 'hours' }] },
};

/** Queries an operation requires beyond `project`, so that validation passes and only access can refuse. */
const sampleQueries: Record<string, string> = {
  exportOrders: '&start=2026-01-01T00:00:00Z',
  exportReviews: '&start=2026-01-01T00:00:00Z',
  getStorefrontSummary: '&days=30',
};

/** Billing's calls for platform administrators: a project's owner is not one, in any project. */
const billingAdminOnly = (Object.values(operations) as Operation[]).filter(
  (op) => op.path.startsWith('/v1/billing') && op.access.kind === 'admin',
);

const DATA_TABLES = [
  'projects',
  'project_members',
  'organisations',
  'organisation_members',
  'invites',
  'roles',
  'role_assignments',
  'users',
  'bookmarks',
  'bookmark_tabs',
  'billing_accounts',
  'billing_wallets',
  'billing_transactions',
  'billing_idempotency_keys',
  'billing_payment_methods',
  'billing_payment_attempts',
  'billing_invoices',
  'billing_invoice_counters',
  'billing_summaries',
  'project_integrations',
  'integration_listings',
  'drive_projects',
  'drive_files',
  'drive_changes',
  'chat_channels',
  'chat_members',
  'chat_messages',
  'chat_reactions',
  'storefront_shops',
  'storefront_customers',
  'storefront_orders',
  'storefront_order_items',
  'storefront_order_events',
  'storefront_payments',
  'storefront_fulfillments',
  'storefront_fulfillment_items',
  'storefront_payment_accounts',
  'storefront_exports',
  'storefront_enquiries',
  'storefront_enquiry_logs',
  'marketing_campaigns',
  'storefront_reviews',
  'storefront_review_logs',
  'storefront_review_requests',
  'project_domains',
  'marketing_subscribers',
  'marketing_lists',
  'marketing_list_members',
  'marketing_suppressions',
  'marketing_subscriber_events',
  'marketing_imports',
  'marketing_drafts',
  'marketing_campaign_recipients',
  'flows',
  'flow_versions',
  'flow_runs',
  'flow_sends',
];

describe('tenant isolation', () => {
  let t: TestApp;
  let owner: BearerUser;
  let intruder: BearerUser;
  let projectA: string;
  let organisationA: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner.a@example.com');
    intruder = await bearerUser(t, 'owner.b@example.com');
    const a = (await owner.call('POST', '/v1/projects', { name: 'Project A', organisationName: 'Org A' })).json();
    projectA = a.id;
    organisationA = a.organisationId;
    // The victim has the Drive module, so its calls are refused for access and nothing else.
    await owner.call('POST', `/v1/projects/${projectA}/integrations/drive`);
    // The intruder owns project B: every permission there, none in A.
    await intruder.call('POST', '/v1/projects', { name: 'Project B', organisationName: 'Org B' });
  });
  afterAll(() => t.close());

  const fingerprint = () => fingerprintOf(t, DATA_TABLES);

  it('covers at least the project operations', () => {
    expect(projectScoped.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['getProject', 'updateProject', 'deleteProject']),
    );
  });

  it.each(projectScoped.map((op) => [op.operationId, op] as const))(
    '%s refuses a member of another project',
    async (_id, op) => {
      // Other ids are the victim's own (its owner), so only the project check can stand in the way.
      const url = op.path
        .replace('{project}', projectA)
        .replace('{user}', owner.user.id)
        .replace('{role}', builtInRole('owner').id)
        .replace('{version}', '1')
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const withQuery =
        op.query && 'project' in op.query.shape
          ? `${url}?project=${projectA}${sampleQueries[op.operationId] ?? ''}`
          : url;
      if (op.body) expect(sampleBodies, `add a valid sample body for ${op.operationId}`).toHaveProperty(op.operationId);
      const before = await fingerprint();
      const res = await intruder.call(op.method, withQuery, op.body ? sampleBodies[op.operationId] : undefined);
      expect([403, 404], `${op.operationId}: ${res.body}`).toContain(res.statusCode);
      expect(await fingerprint()).toBe(before);
    },
  );

  it.each(billingAdminOnly.map((op) => [op.operationId, op] as const))(
    '%s refuses a project owner who is not a platform admin',
    async (_id, op) => {
      const url = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      expect(sampleBodies, `add a valid sample body for ${op.operationId}`).toHaveProperty(op.operationId);
      const before = await fingerprint();
      const res = await intruder.call(op.method, `${url}?project=${projectA}`, sampleBodies[op.operationId]);
      expect(res.statusCode, `${op.operationId}: ${res.body}`).toBe(403);
      expect(await fingerprint()).toBe(before);
    },
  );

  it("refuses ids of another tenant inside bodies (an organisation that isn't yours)", async () => {
    const before = await fingerprint();
    const res = await intruder.call('POST', '/v1/projects', { name: 'Squatter', organisationId: organisationA });
    expect(res.statusCode).toBe(404);
    expect(await fingerprint()).toBe(before);
    expect((await intruder.call('GET', `/v1/organisations/${organisationA}`)).statusCode).toBe(404);
    const listed = (await intruder.call('GET', `/v1/projects?project=${projectA}`)).json();
    expect(listed).toEqual([]);
  });
});
