import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './api/activity';
import { describeActivity } from './activity-text';

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

  it('falls back to plain words and marks refusals', () => {
    expect(describeActivity(entry({ operationId: 'installIntegration' }), names)).toBe('Olivia install integration');
    expect(describeActivity(entry({ operationId: 'deleteProject', result: 'failure' }), names)).toBe(
      'Olivia tried to delete project (refused)',
    );
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
