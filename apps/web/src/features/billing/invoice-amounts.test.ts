import { describe, expect, it } from 'vitest';
import { coveredByWallet, outstanding } from './invoice-amounts';

describe('invoice amounts', () => {
  it('owes the total less what was paid while the invoice is open', () => {
    expect(outstanding({ status: 'due', total: 13_189, amountPaid: 5_000 })).toBe(8_189);
    expect(outstanding({ status: 'overdue', total: 5_929, amountPaid: 0 })).toBe(5_929);
    expect(outstanding({ status: 'failed', total: 5_929, amountPaid: 0 })).toBe(5_929);
  });

  it('owes nothing once paid or void, whatever was collected', () => {
    expect(outstanding({ status: 'paid', total: 5_929, amountPaid: 5_929 })).toBe(0);
    expect(outstanding({ status: 'void', total: 5_929, amountPaid: 0 })).toBe(0);
  });

  it('shows the wallet’s part: the total less what had to be collected from the card', () => {
    expect(coveredByWallet({ total: 13_189, amountDue: 8_189 })).toBe(5_000);
    expect(coveredByWallet({ total: 5_929, amountDue: 5_929 })).toBe(0);
    expect(coveredByWallet({ total: -500, amountDue: 0 })).toBe(0);
  });
});
