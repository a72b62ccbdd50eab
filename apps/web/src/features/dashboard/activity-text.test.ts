import { operations } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './api/activity';
import { describeActivity, sentences } from './activity-text';

/** Every operation the server writes an audit entry for: the `audited` rows of the operation table. */
const audited: string[] = Object.values(operations)
  .filter((operation) => operation.audited)
  .map((operation) => operation.operationId);

/** The operation id in plain words ("updateBookmarkTabs" → "update bookmark tabs"): what a line must not be. */
const rawWords = (operationId: string) => operationId.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-11-21T12:00:00.000Z',
  operationId: 'updateProject',
  actorUserId: 'u1',
  actorKind: 'user',
  projectId: 'p1',
  target: null,
  ip: null,
  result: 'success',
  status: 200,
  details: null,
  ...fields,
});

describe('activity lines', () => {
  const names = (id: string) => ({ u1: 'Olivia' })[id];

  it('says who did what', () => {
    expect(describeActivity(entry({}), names)).toBe('Olivia changed the project settings');
    expect(describeActivity(entry({ operationId: 'createAuthKey', actorKind: 'authKey' }), names)).toBe(
      'An API key created an API key',
    );
    expect(describeActivity(entry({ actorUserId: 'gone' }), names)).toBe(
      'A former member changed the project settings',
    );
  });

  it('says what was tried when it was refused', () => {
    expect(describeActivity(entry({ operationId: 'installIntegration' }), names)).toBe('Olivia installed a module');
    expect(describeActivity(entry({ operationId: 'deleteProject', result: 'failure' }), names)).toBe(
      'Olivia tried to delete the project (refused)',
    );
    expect(describeActivity(entry({ operationId: 'payInvoice', result: 'failure', status: 500 }), names)).toBe(
      'Olivia tried to pay an invoice (failed)',
    );
  });

  it('the findings of issue 17 read as sentences', () => {
    const line = (operationId: string, details: AuditEntry['details'] = null) =>
      describeActivity(entry({ operationId, details }), names);
    expect(line('updateBookmarkTabs')).toBe('Olivia rearranged their bookmark tabs');
    expect(line('signActiveTerms')).toBe('Olivia accepted the terms and conditions');
    expect(line('unassignRole', { role: 'billing', change: 'unassign' })).toBe(
      'Olivia removed the billing role from a member',
    );
    expect(line('assignRole', { role: 'custom:sales', change: 'assign' })).toBe('Olivia gave a member a role');
    expect(line('updateRole', { name: { from: 'Sales', to: 'Sellers' } })).toBe(
      'Olivia renamed the custom role “Sales” to “Sellers”',
    );
    expect(line('createInvite', { email: 'dan@example.com', role: 'member' })).toBe('Olivia invited dan@example.com');
  });

  describe.each(audited)('%s, an audited operation', (operationId) => {
    it('has a sentence of its own, for success and refusal', () => {
      expect(sentences[operationId], `no sentence for ${operationId} in activity-text.ts`).toBeDefined();
      for (const result of ['success', 'failure'] as const) {
        const line = describeActivity(entry({ operationId, result }), names);
        expect(line).not.toContain(rawWords(operationId));
        expect(line).toMatch(/^Olivia [a-z]/);
      }
    });
  });

  it('names a platform administrator who is not a member as one, for exactly the admin operations', () => {
    const adminOnly = Object.values(operations)
      .filter((operation) => operation.audited && operation.access.kind === 'admin')
      .map((operation) => operation.operationId);
    expect(Object.keys(sentences).filter((id) => sentences[id]!.admin)).toEqual(adminOnly);
    expect(describeActivity(entry({ operationId: 'runInvoices', actorUserId: 'staff' }), names)).toBe(
      "A platform administrator ran the period's invoices",
    );
    expect(describeActivity(entry({ actorUserId: 'gone' }), names)).toBe(
      'A former member changed the project settings',
    );
  });

  it('knows no operation the server does not audit', () => {
    expect(Object.keys(sentences).filter((id) => !audited.includes(id))).toEqual([]);
  });

  it('names the module a step touched, and why a module came along', () => {
    const step = (operationId: string, target: string, details: AuditEntry['details'] = null) =>
      describeActivity(entry({ operationId, target, details }), names);
    expect(step('installIntegration', 'integration:googleAnalytics', { revived: false })).toBe(
      'Olivia installed Google Analytics',
    );
    expect(step('installIntegration', 'integration:website', { revived: false, dependencyOf: 'googleAnalytics' })).toBe(
      'Olivia installed Website, needed by Google Analytics',
    );
    expect(step('createProject', 'integration:products', { revived: false, template: 'shop' })).toBe(
      'Olivia installed Products with the shop template',
    );
    expect(step('createProject', 'project:p1')).toBe('Olivia created the project');
    expect(step('uninstallIntegration', 'integration:googleAnalytics')).toBe('Olivia uninstalled Google Analytics');
    expect(step('setupIntegration', 'integration:googleAnalytics')).toBe('Olivia set up Google Analytics');
    expect(step('updateIntegration', 'integration:wooCommerce')).toBe('Olivia changed the settings of WooCommerce');
  });
});
