import { describe, expect, it } from 'vitest';
import { accountFlags, paymentMethodFlags } from './flags.js';

const codes = (flags: { code: string }[]) => flags.map((f) => f.code);

describe('payment method alerts', () => {
  const card = { expMonth: 2, expYear: 2026 }; // good through 2026-02-28
  const at = (iso: string) => new Date(iso);

  it('asks for a payment method only when one is required', () => {
    expect(paymentMethodFlags({ required: true, defaultCard: null, now: at('2026-01-15T00:00:00Z') })).toEqual([
      {
        code: 'payment_method_required',
        message: 'Missing payment method.',
        level: 'danger',
        actions: [{ text: 'Add', route: { name: 'billing.payment-methods', params: {}, query: {} } }],
      },
    ]);
    expect(paymentMethodFlags({ required: false, defaultCard: null, now: at('2026-01-15T00:00:00Z') })).toEqual([]);
  });

  it('says nothing more than 30 days before the end of the expiry month', () => {
    expect(paymentMethodFlags({ required: true, defaultCard: card, now: at('2026-01-29T23:59:59Z') })).toEqual([]);
  });

  it('warns within 30 days of expiry, with an Update action', () => {
    const flags = paymentMethodFlags({ required: true, defaultCard: card, now: at('2026-01-30T00:00:00Z') });
    expect(flags).toEqual([
      {
        code: 'payment_method_expiring',
        message: 'Payment method expiring soon.',
        level: 'warning',
        actions: [{ text: 'Update', route: { name: 'billing.payment-methods', params: {}, query: {} } }],
      },
    ]);
    expect(codes(paymentMethodFlags({ required: true, defaultCard: card, now: at('2026-02-28T23:59:59Z') }))).toEqual([
      'payment_method_expiring',
    ]);
  });

  it('says expired from the first day after the expiry month, with a Fix action', () => {
    expect(paymentMethodFlags({ required: false, defaultCard: card, now: at('2026-03-01T00:00:00Z') })).toEqual([
      {
        code: 'payment_method_expired',
        message: 'Payment method expired.',
        level: 'danger',
        actions: [{ text: 'Fix', route: { name: 'billing.payment-methods', params: {}, query: {} } }],
      },
    ]);
  });

  it('adds them to the credit alerts, and leaves them out when no payment state is given', () => {
    const credit = { balance: -900, held: 0, creditLimit: 1_000 };
    expect(codes(accountFlags(credit))).toEqual(['credit_limit_warning']);
    expect(
      codes(accountFlags({ ...credit, paymentMethods: { required: true, defaultCard: null, now: new Date() } })),
    ).toEqual(['payment_method_required', 'credit_limit_warning']);
  });
});
