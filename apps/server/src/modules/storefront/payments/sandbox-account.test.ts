import { describe, expect, it } from 'vitest';
import { AccountGatewayError } from './account-gateway.js';
import {
  SANDBOX_DECLINED,
  SANDBOX_INSUFFICIENT_FUNDS,
  SANDBOX_PAYMENT_METHODS,
  SandboxAccountGateway,
} from './sandbox-account.js';

const REDIRECT = 'https://wharf.example/platform/payment?project=7d3c1c7e-54b5-4b8e-9d0c-1f2a3b4c5d6e';

const charge = (gateway: SandboxAccountGateway, paymentMethod: string, idempotencyKey: string, attempt = 1) =>
  gateway.charge({
    accountId: 'acct_sandbox_0123456789abcdef',
    amount: 2500,
    currency: 'GBP',
    paymentMethod,
    idempotencyKey,
    attempt,
  });

describe('the sandbox payment account gateway', () => {
  it('sends people straight back to the console page with a sandbox code and the same state', () => {
    const gateway = new SandboxAccountGateway();
    const url = new URL(gateway.authorizeUrl({ state: 'abc.def', redirectUri: REDIRECT }));
    expect(`${url.origin}${url.pathname}`).toBe('https://wharf.example/platform/payment');
    expect(url.searchParams.get('project')).toBe('7d3c1c7e-54b5-4b8e-9d0c-1f2a3b4c5d6e');
    expect(url.searchParams.get('state')).toBe('abc.def');
    expect(url.searchParams.get('code')).toMatch(/^sandbox_[0-9a-f]{32}$/);
    // A new code each time, as Stripe's.
    const again = new URL(gateway.authorizeUrl({ state: 'abc.def', redirectUri: REDIRECT }));
    expect(again.searchParams.get('code')).not.toBe(url.searchParams.get('code'));
  });

  it('exchanges a sandbox code for the account derived from it, and refuses any other code', async () => {
    const gateway = new SandboxAccountGateway();
    const code = new URL(gateway.authorizeUrl({ state: 's', redirectUri: REDIRECT })).searchParams.get('code')!;
    const account = await gateway.connect(code);
    expect(account).toEqual({
      accountId: expect.stringMatching(/^acct_sandbox_[0-9a-f]{16}$/),
      displayName: 'Sandbox shop',
      country: 'GB',
      defaultCurrency: 'GBP',
      chargesEnabled: true,
    });
    expect(await gateway.connect(code)).toEqual(account);
    const other = new URL(gateway.authorizeUrl({ state: 's', redirectUri: REDIRECT })).searchParams.get('code')!;
    expect((await gateway.connect(other)).accountId).not.toBe(account.accountId);

    for (const bad of ['ac_RkWz4fQ8Xb2Lm7Yt9Nc3Hd1', 'sandbox_', 'sandbox_XYZ', `${code}0`, ` ${code}`]) {
      await expect(gateway.connect(bad)).rejects.toEqual(expect.any(AccountGatewayError));
      await expect(gateway.connect(bad)).rejects.toMatchObject({ reason: 'invalid_grant' });
    }
    await expect(gateway.disconnect(account.accountId)).resolves.toBeUndefined();
  });

  it('charges by the test payment method: visa and any other pm_ succeed, the declining ones fail', async () => {
    const gateway = new SandboxAccountGateway();
    expect(await charge(gateway, SANDBOX_PAYMENT_METHODS.succeeds, 'k1')).toEqual({
      outcome: 'succeeded',
      reference: expect.stringMatching(/^pi_sandbox_[0-9a-f]{24}$/),
      failure: null,
    });
    expect(await charge(gateway, 'pm_1QsM0z2fHarbour7Vx6Kd2P', 'k2')).toMatchObject({ outcome: 'succeeded' });
    expect(await charge(gateway, SANDBOX_PAYMENT_METHODS.declined, 'k3', 2)).toMatchObject({
      outcome: 'failed',
      failure: SANDBOX_DECLINED,
    });
    expect(await charge(gateway, SANDBOX_PAYMENT_METHODS.insufficientFunds, 'k4')).toMatchObject({
      outcome: 'failed',
      failure: SANDBOX_INSUFFICIENT_FUNDS,
    });
    expect(SANDBOX_DECLINED).toBe('The card was declined.');
    expect(SANDBOX_INSUFFICIENT_FUNDS).toBe('The card has insufficient funds.');
    expect(await charge(gateway, 'card_4242', 'k5')).toEqual({
      outcome: 'failed',
      reference: null,
      failure: 'The card was not found.',
    });
    // The card that was not there was not charged.
    expect(gateway.chargeCount).toBe(4);
  });

  it('declines pm_card_declinedOnce on the first attempt only: the customer sorted their card out', async () => {
    const gateway = new SandboxAccountGateway();
    const first = await charge(gateway, SANDBOX_PAYMENT_METHODS.declinedOnce, 'order:o:1', 1);
    expect(first).toMatchObject({ outcome: 'failed', failure: SANDBOX_DECLINED });
    const retry = await charge(gateway, SANDBOX_PAYMENT_METHODS.declinedOnce, 'order:o:2', 2);
    expect(retry).toMatchObject({ outcome: 'succeeded', failure: null });
  });

  it('answers a repeated idempotency key with its first answer, charging once', async () => {
    const gateway = new SandboxAccountGateway();
    const first = await charge(gateway, SANDBOX_PAYMENT_METHODS.declinedOnce, 'same', 1);
    // Even a later attempt number under the same key is the same request to the gateway.
    const again = await charge(gateway, SANDBOX_PAYMENT_METHODS.declinedOnce, 'same', 2);
    expect(again).toEqual(first);
    expect(gateway.chargeCount).toBe(1);
  });

  it('refuses an amount that is not above zero as a bug, charging nothing', async () => {
    const gateway = new SandboxAccountGateway();
    await expect(
      gateway.charge({
        accountId: 'a',
        amount: 0,
        currency: 'GBP',
        paymentMethod: 'pm_card_visa',
        idempotencyKey: 'z',
        attempt: 1,
      }),
    ).rejects.toThrow(/above zero/);
    expect(gateway.chargeCount).toBe(0);
  });
});
