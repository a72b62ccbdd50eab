import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../dashboard/api/activity';
import { describeActivity } from '../dashboard/activity-text';

// A platform admin's credit (PATCH /v1/billing/admin { credit }) is how money enters a wallet besides a
// card payment (docs/decisions/022): the activity feed says so rather than "changed the credit limit".
const entry = (details: Record<string, unknown>): AuditEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-11-21T12:00:00.000Z',
  operationId: 'updateAdminBillingProject',
  actorUserId: 'u1',
  actorKind: 'user',
  projectId: 'p1',
  target: 'billing:p1',
  ip: null,
  result: 'success',
  status: 200,
  details,
});
const names = (id: string) => ({ u1: 'Olivia' })[id];

describe('the activity line of the admin billing call', () => {
  it('tells a credit from a credit limit', () => {
    const credit = { transactionId: 't1', amount: 2_500, currency: 'EUR', reason: 'Goodwill' };
    const limit = { from: 0, to: 10_000 };
    expect(describeActivity(entry({ credit }), names)).toBe('Olivia credited the wallet');
    expect(describeActivity(entry({ creditLimit: limit }), names)).toBe('Olivia changed the credit limit');
    expect(describeActivity(entry({ credit, creditLimit: limit }), names)).toBe(
      'Olivia credited the wallet and changed the credit limit',
    );
  });
});
