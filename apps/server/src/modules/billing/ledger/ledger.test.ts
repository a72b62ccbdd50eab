import { describe, expect, it } from 'vitest';
import { accountFlags } from '../flags.js';
import { MONEY_MAX } from '@wharf/contract';
import {
  afterCreate,
  afterSettle,
  assertMayBook,
  assertMaySettle,
  available,
  BILLING,
  GATEWAY,
  PROJECT,
  signedAmount,
  withinLimits,
  type EntrySource,
} from './ledger.js';

const wallet = { balance: 1_000, held: 0, creditLimit: 500 };
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('ledger rules', () => {
  it('signs amounts by type: charges and refunds take, credits and payments give, adjustments as given', () => {
    expect(signedAmount('charge', 5)).toBe(-5);
    expect(signedAmount('refund', 5)).toBe(-5);
    expect(signedAmount('credit', 5)).toBe(5);
    expect(signedAmount('payment', 5)).toBe(5);
    expect(signedAmount('adjustment', -5)).toBe(-5);
  });

  it('lets a debit go down to minus the credit limit, and not one unit further', () => {
    expect(afterCreate(wallet, { amount: -1_500, status: 'confirmed' })).toEqual({ ...wallet, balance: -500 });
    expect(code(() => afterCreate(wallet, { amount: -1_501, status: 'confirmed' }))).toBe('INSUFFICIENT_BALANCE');
  });

  it('holds a pending debit against what later debits may take', () => {
    const held = afterCreate(wallet, { amount: -1_200, status: 'pending' });
    expect(held).toEqual({ ...wallet, held: 1_200 });
    expect(available(held)).toBe(300);
    expect(code(() => afterCreate(held, { amount: -301, status: 'pending' }))).toBe('INSUFFICIENT_BALANCE');
  });

  it('does not count a pending credit until it is confirmed', () => {
    const pending = afterCreate(wallet, { amount: 700, status: 'pending' });
    expect(pending).toEqual(wallet);
    expect(afterSettle(pending, { amount: 700, status: 'pending' }, 'confirmed').balance).toBe(1_700);
  });

  it('moves a confirmed hold into the balance, and releases a voided one', () => {
    const held = afterCreate(wallet, { amount: -200, status: 'pending' });
    expect(afterSettle(held, { amount: -200, status: 'pending' }, 'confirmed')).toEqual({ ...wallet, balance: 800 });
    expect(afterSettle(held, { amount: -200, status: 'pending' }, 'void')).toEqual(wallet);
  });

  it('never changes a confirmed or void entry', () => {
    expect(code(() => afterSettle(wallet, { amount: -1, status: 'confirmed' }, 'void'))).toBe(
      'TRANSACTION_NOT_PENDING',
    );
    expect(code(() => afterSettle(wallet, { amount: -1, status: 'void' }, 'confirmed'))).toBe(
      'TRANSACTION_NOT_PENDING',
    );
  });
});

describe('account alerts', () => {
  const codes = (balance: number, held: number, creditLimit: number) =>
    accountFlags({ balance, held, creditLimit }).map((f) => f.code);

  it('warns from 80% of the credit used (holds included) and says exceeded beyond it', () => {
    expect(codes(100, 0, 1_000)).toEqual([]);
    expect(codes(-799, 0, 1_000)).toEqual([]);
    expect(codes(-800, 0, 1_000)).toEqual(['credit_limit_warning']);
    expect(codes(-300, 500, 1_000)).toEqual(['credit_limit_warning']);
    expect(codes(-1_000, 0, 1_000)).toEqual(['credit_limit_warning']);
    expect(codes(-1_001, 0, 1_000)).toEqual(['credit_limit_exceeded']);
    expect(codes(-1, 0, 0)).toEqual(['credit_limit_exceeded']);
  });
});

describe('who may book what (docs/decisions/022)', () => {
  const admin: EntrySource = { kind: 'admin', reason: 'Goodwill' };

  it('lets a project take value from its wallet, never add it', () => {
    expect(code(() => assertMayBook(PROJECT, 'charge', -5))).toBeUndefined();
    expect(code(() => assertMayBook(PROJECT, 'adjustment', -5))).toBeUndefined();
    expect(code(() => assertMayBook(PROJECT, 'credit', 5))).toBe('TRANSACTION_NOT_ALLOWED');
    expect(code(() => assertMayBook(PROJECT, 'adjustment', 5))).toBe('TRANSACTION_NOT_ALLOWED');
    expect(code(() => assertMayBook(PROJECT, 'payment', 5))).toBe('TRANSACTION_NOT_ALLOWED');
    expect(code(() => assertMaySettle(PROJECT, { amount: 5, status: 'pending' }, 'confirmed'))).toBe(
      'TRANSACTION_NOT_ALLOWED',
    );
    expect(code(() => assertMaySettle(PROJECT, { amount: 5, status: 'pending' }, 'void'))).toBeUndefined();
    expect(code(() => assertMaySettle(PROJECT, { amount: -5, status: 'pending' }, 'confirmed'))).toBeUndefined();
  });

  it('lets only the gateway book payments, and the gateway nothing else', () => {
    expect(code(() => assertMayBook(GATEWAY, 'payment', 5))).toBeUndefined();
    expect(code(() => assertMayBook(GATEWAY, 'credit', 5))).toBe('TRANSACTION_NOT_ALLOWED');
    expect(code(() => assertMayBook(admin, 'payment', 5))).toBe('TRANSACTION_NOT_ALLOWED');
    expect(code(() => assertMayBook(BILLING, 'payment', 5))).toBe('TRANSACTION_NOT_ALLOWED');
  });

  it('lets an administrator with a reason, and billing itself, give value', () => {
    expect(code(() => assertMayBook(admin, 'credit', 5))).toBeUndefined();
    expect(code(() => assertMayBook(admin, 'adjustment', 5))).toBeUndefined();
    expect(code(() => assertMayBook({ kind: 'admin', reason: '  ' }, 'credit', 5))).toBe('TRANSACTION_NOT_ALLOWED');
    expect(code(() => assertMayBook(BILLING, 'credit', 5))).toBeUndefined();
  });

  it('keeps balances and holds within MONEY_MAX, but for the lines billing books itself', () => {
    const at = (balance: number, held = 0) => ({ balance, held, creditLimit: 0 });
    expect(code(() => withinLimits(at(MONEY_MAX), PROJECT))).toBeUndefined();
    expect(code(() => withinLimits(at(MONEY_MAX + 1), admin))).toBe('BALANCE_LIMIT_EXCEEDED');
    expect(code(() => withinLimits(at(-MONEY_MAX - 1), GATEWAY))).toBe('BALANCE_LIMIT_EXCEEDED');
    expect(code(() => withinLimits(at(0, MONEY_MAX + 1), PROJECT))).toBe('BALANCE_LIMIT_EXCEEDED');
    expect(code(() => withinLimits(at(-MONEY_MAX - 1), BILLING))).toBeUndefined();
  });
});
