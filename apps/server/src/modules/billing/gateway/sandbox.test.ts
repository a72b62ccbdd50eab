import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../core/clock.js';
import { brandOf, CardError, isExpired } from './gateway.js';
import { SANDBOX_CARDS, SandboxGateway } from './sandbox.js';

const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'Ada Harbour',
  ...extra,
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CardError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a CardError');
}

describe('the sandbox gateway', () => {
  const clock = createTestClock('2026-01-15T12:00:00Z');
  const gateway = new SandboxGateway(clock);
  let keys = 0;
  const charge = async (number: string, extra = {}) => {
    const stored = await gateway.addCard(card(number, extra));
    return gateway.charge({ amount: 1_000, currency: 'EUR', paymentMethod: stored, idempotencyKey: `k${++keys}` });
  };

  it.each([
    ['4242 4242 4242 4242 succeeds', SANDBOX_CARDS.succeeds, 'succeeded'],
    ['4000 0000 0000 0341 is stored, then declined', SANDBOX_CARDS.declinesCharges, 'declined'],
    ['4000 0000 0000 9995 has insufficient funds', SANDBOX_CARDS.insufficientFunds, 'insufficient_funds'],
    ['4000 0000 0000 0069 is an expired card', SANDBOX_CARDS.expiredCard, 'expired'],
    ['any other valid number succeeds', '5555555555554444', 'succeeded'],
  ])('%s', async (_name, number, outcome) => {
    const result = await charge(number);
    expect(result.outcome).toBe(outcome);
    expect(result.reference).toMatch(/^ch_sandbox_[0-9a-f]{24}$/);
  });

  it('keeps only brand, last four digits and expiry: the number is nowhere in what it returns', async () => {
    const stored = await gateway.addCard(card(SANDBOX_CARDS.succeeds));
    expect(stored).toEqual({
      reference: expect.stringMatching(/^pm_sandbox_succeeded_[0-9a-f]{16}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(JSON.stringify(stored)).not.toContain(SANDBOX_CARDS.succeeds);
    expect(JSON.stringify(stored)).not.toContain('123');
  });

  it('refuses numbers that fail the Luhn check or have the wrong length, with words for the form', async () => {
    expect(await refusal(gateway.addCard(card('4242424242424241')))).toEqual({
      field: 'number',
      message: 'This card number is not valid. Check the digits.',
    });
    expect(await refusal(gateway.addCard(card('42424242')))).toEqual({
      field: 'number',
      message: 'Enter a card number of 12 to 19 digits.',
    });
    expect(await refusal(gateway.addCard(card(SANDBOX_CARDS.succeeds, { cvc: '12' })))).toMatchObject({ field: 'cvc' });
    expect(await refusal(gateway.addCard(card(SANDBOX_CARDS.succeeds, { expMonth: 13 })))).toEqual({
      field: 'expMonth',
      message: 'Use a month from 1 to 12.',
    });
  });

  it('refuses a past expiry date by its clock, and takes the current month', async () => {
    expect(await refusal(gateway.addCard(card(SANDBOX_CARDS.succeeds, { expMonth: 12, expYear: 2025 })))).toEqual({
      field: 'expYear',
      message: 'This card has expired. Check the expiry date.',
    });
    await expect(gateway.addCard(card(SANDBOX_CARDS.succeeds, { expMonth: 1, expYear: 2026 }))).resolves.toMatchObject({
      last4: '4242',
    });
  });

  it('fails charges of a card that has expired since it was added', async () => {
    const local = createTestClock('2026-01-15T12:00:00Z');
    const sandbox = new SandboxGateway(local);
    const stored = await sandbox.addCard(card(SANDBOX_CARDS.succeeds, { expMonth: 1, expYear: 2026 }));
    local.set('2026-02-01T00:00:00Z');
    const result = await sandbox.charge({ amount: 100, currency: 'EUR', paymentMethod: stored, idempotencyKey: 'a' });
    expect(result.outcome).toBe('expired');
  });

  it('charges once per idempotency key, answering a retry with the first result', async () => {
    const sandbox = new SandboxGateway(clock);
    const stored = await sandbox.addCard(card(SANDBOX_CARDS.succeeds));
    const input = { amount: 500, currency: 'EUR', paymentMethod: stored, idempotencyKey: 'same' };
    const first = await sandbox.charge(input);
    const again = await sandbox.charge(input);
    expect(again).toEqual(first);
    expect(sandbox.chargeCount).toBe(1);
    await sandbox.charge({ ...input, idempotencyKey: 'other' });
    expect(sandbox.chargeCount).toBe(2);
  });

  it('makes setup secrets, and refuses references that are not its own', async () => {
    expect((await gateway.createSetup({ projectId: 'p' })).secret).toMatch(/^seti_sandbox_[0-9a-f]{32}_secret_/);
    await expect(
      gateway.charge({
        amount: 1,
        currency: 'EUR',
        paymentMethod: { reference: 'pm_other', expMonth: 1, expYear: 2030 },
        idempotencyKey: 'x',
      }),
    ).rejects.toThrow();
  });

  it('names the brand by the first digits and knows when a card has expired', () => {
    expect(
      ['4242424242424242', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117'].map(brandOf),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'discover']);
    expect(isExpired({ expMonth: 1, expYear: 2026 }, new Date('2026-01-31T23:59:59Z'))).toBe(false);
    expect(isExpired({ expMonth: 1, expYear: 2026 }, new Date('2026-02-01T00:00:00Z'))).toBe(true);
    expect(isExpired({ expMonth: 12, expYear: 2026 }, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});
