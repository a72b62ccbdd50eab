import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// Billing's loopback stand-in for Stripe: it plays whatever answers it is given, recorded here.
import { closedPort, FakeStripe, type Answer } from '../../billing/gateway/fixtures/fake-stripe.js';
import { AccountGatewayError } from './account-gateway.js';
import { recorded, type Recorded } from './fixtures/recorded.js';
import { createAccountGateway } from './index.js';
import { SandboxAccountGateway } from './sandbox-account.js';
import { StripeAccountGateway } from './stripe-account.js';

const SECRET_KEY = 'sk_test_51WharfFakeKey0000000000';
const CLIENT_ID = 'ca_WharfTestClient000';
const ACCOUNT = 'acct_1QsL0x2fHarbour7';
const PM = 'pm_1QsM0z2fHarbour7Vx6Kd2P';

const answer = (status: number, name: Recorded): Answer => ({ status, body: recorded(name) });
const ok = (name: Recorded) => answer(200, name);

const chargeInput = (key: string) => ({
  accountId: ACCOUNT,
  amount: 4599,
  currency: 'EUR',
  paymentMethod: PM,
  idempotencyKey: key,
  attempt: 1,
});

describe('the Stripe payment account gateway against recorded answers', () => {
  const fake = new FakeStripe();
  let gateway: StripeAccountGateway;
  let api: Awaited<ReturnType<FakeStripe['start']>>;

  beforeAll(async () => {
    api = await fake.start();
    gateway = new StripeAccountGateway({ secretKey: SECRET_KEY, clientId: CLIENT_ID, api, maxNetworkRetries: 0 });
  });
  afterAll(() => fake.stop());
  afterEach(() => {
    fake.requests.length = 0;
  });

  it("builds Stripe Connect's authorize URL with our client id, read_write, the state and the return address", () => {
    const production = new StripeAccountGateway({ secretKey: SECRET_KEY, clientId: CLIENT_ID });
    const url = new URL(
      production.authorizeUrl({
        state: 'signed.state',
        redirectUri: 'https://wharf.example/platform/payment?project=p',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://connect.stripe.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      scope: 'read_write',
      state: 'signed.state',
      redirect_uri: 'https://wharf.example/platform/payment?project=p',
    });
    // Building the address asks nothing of Stripe.
    expect(fake.requests).toHaveLength(0);
  });

  it('exchanges the code on the OAuth endpoint, then reads the account for its summary', async () => {
    fake.on('POST /oauth/token', ok('oauth_token')).on(`GET /v1/accounts/${ACCOUNT}`, ok('account'));

    expect(await gateway.connect('ac_RkWz4fQ8Xb2Lm7Yt9Nc3Hd1')).toEqual({
      accountId: ACCOUNT,
      displayName: 'Harbour Goods',
      country: 'NL',
      defaultCurrency: 'EUR',
      chargesEnabled: true,
    });
    const [token] = fake.to('POST /oauth/token');
    expect(Object.fromEntries(token!.form)).toEqual({
      grant_type: 'authorization_code',
      code: 'ac_RkWz4fQ8Xb2Lm7Yt9Nc3Hd1',
    });
    // The platform's key authenticates both calls; the account is read as the platform, not through the header.
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);
    expect(fake.to(`GET /v1/accounts/${ACCOUNT}`)[0]!.headers['stripe-account']).toBeUndefined();
  });

  it("falls back to the dashboard's display name, and answers nulls Stripe leaves out", async () => {
    const bare = {
      ...recorded('account'),
      business_profile: { name: null },
      default_currency: undefined,
      charges_enabled: false,
    };
    fake.on('POST /oauth/token', ok('oauth_token')).on(`GET /v1/accounts/${ACCOUNT}`, { status: 200, body: bare });
    expect(await gateway.connect('ac_code')).toMatchObject({
      displayName: 'Harbour',
      defaultCurrency: null,
      chargesEnabled: false,
    });
  });

  it('refuses a used or forged code as invalid_grant, and an outage as unavailable', async () => {
    fake.on('POST /oauth/token', answer(400, 'error_oauth_invalid_grant'));
    await expect(gateway.connect('ac_used')).rejects.toMatchObject({
      name: 'AccountGatewayError',
      reason: 'invalid_grant',
    });
    expect(fake.to(`GET /v1/accounts/${ACCOUNT}`)).toHaveLength(0);

    fake.on('POST /oauth/token', answer(500, 'error_api_500'));
    await expect(gateway.connect('ac_code')).rejects.toMatchObject({ reason: 'unavailable' });

    fake.on('POST /oauth/token', ok('oauth_token')).on(`GET /v1/accounts/${ACCOUNT}`, answer(500, 'error_api_500'));
    await expect(gateway.connect('ac_code')).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('unlinks with our client id, and takes an account unlinked already as done', async () => {
    fake.on('POST /oauth/deauthorize', ok('oauth_deauthorize'));
    await gateway.disconnect(ACCOUNT);
    expect(Object.fromEntries(fake.to('POST /oauth/deauthorize')[0]!.form)).toEqual({
      client_id: CLIENT_ID,
      stripe_user_id: ACCOUNT,
    });

    fake.on('POST /oauth/deauthorize', answer(401, 'error_oauth_not_connected'));
    await expect(gateway.disconnect(ACCOUNT)).resolves.toBeUndefined();

    // The same error type for a wrong client id is a misconfiguration, not "done".
    fake.on('POST /oauth/deauthorize', answer(401, 'error_oauth_no_application'));
    await expect(gateway.disconnect(ACCOUNT)).rejects.toMatchObject({ reason: 'unavailable' });
    fake.on('POST /oauth/deauthorize', answer(500, 'error_api_500'));
    await expect(gateway.disconnect(ACCOUNT)).rejects.toBeInstanceOf(AccountGatewayError);
  });

  it('charges on the linked account with an off-session payment intent carrying our idempotency key', async () => {
    fake.on('POST /v1/payment_intents', ok('payment_intent_succeeded'));

    expect(await gateway.charge(chargeInput('order:o1:1'))).toEqual({
      outcome: 'succeeded',
      reference: 'pi_3QsM1a2fHarbour70Ok4Rt8W',
      failure: null,
    });
    const [intent, ...more] = fake.to('POST /v1/payment_intents');
    expect(more).toHaveLength(0);
    expect(intent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(intent!.headers['idempotency-key']).toBe('order:o1:1');
    expect(Object.fromEntries(intent!.form)).toEqual({
      amount: '4599',
      currency: 'eur',
      payment_method: PM,
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      off_session: 'true',
    });
  });

  it.each([
    ['error_card_declined', 'Your card was declined.', 'pi_3QsM1b2fHarbour70Dk5Wm8Y'],
    ['error_insufficient_funds', 'Your card has insufficient funds.', 'pi_3QsM1c2fHarbour70If8Pl2Q'],
  ] as const)('answers a 402 %s as a failed charge with Stripe’s message', async (name, failure, reference) => {
    fake.on('POST /v1/payment_intents', answer(402, name));
    expect(await gateway.charge(chargeInput(`key-${name}`))).toEqual({ outcome: 'failed', reference, failure });
  });

  it('answers a card missing at the account, or one needing the customer, as failed', async () => {
    fake.on('POST /v1/payment_intents', answer(400, 'error_payment_method_missing'));
    expect(await gateway.charge(chargeInput('missing'))).toEqual({
      outcome: 'failed',
      reference: null,
      failure: 'The card was not found.',
    });
    fake.on('POST /v1/payment_intents', ok('payment_intent_requires_action'));
    expect(await gateway.charge(chargeInput('action'))).toMatchObject({
      outcome: 'failed',
      reference: 'pi_3QsM1d2fHarbour70Ra9Zc3K',
    });
  });

  it('throws unavailable on a revoked account, a 5xx, a refused connection or a hung one', async () => {
    fake.on('POST /v1/payment_intents', answer(403, 'error_account_revoked'));
    await expect(gateway.charge(chargeInput('revoked'))).rejects.toMatchObject({ reason: 'unavailable' });
    fake.on('POST /v1/payment_intents', answer(500, 'error_api_500'));
    await expect(gateway.charge(chargeInput('5xx'))).rejects.toMatchObject({ reason: 'unavailable' });

    const unreachable = new StripeAccountGateway({
      secretKey: SECRET_KEY,
      clientId: CLIENT_ID,
      api: { ...api, port: await closedPort() },
      maxNetworkRetries: 0,
    });
    await expect(unreachable.charge(chargeInput('refused'))).rejects.toMatchObject({ reason: 'unavailable' });
    await expect(unreachable.connect('ac_code')).rejects.toMatchObject({ reason: 'unavailable' });

    const slow = new StripeAccountGateway({
      secretKey: SECRET_KEY,
      clientId: CLIENT_ID,
      api,
      maxNetworkRetries: 0,
      timeoutMs: 200,
    });
    fake.on('POST /v1/payment_intents', { status: 200, body: null, hang: true });
    const started = Date.now();
    await expect(slow.charge(chargeInput('hung'))).rejects.toMatchObject({ reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('retries a 5xx with the same idempotency key', async () => {
    const retrying = new StripeAccountGateway({
      secretKey: SECRET_KEY,
      clientId: CLIENT_ID,
      api,
      maxNetworkRetries: 1,
    });
    fake.on('POST /v1/payment_intents', answer(500, 'error_api_500'), ok('payment_intent_succeeded'));
    expect(await retrying.charge(chargeInput('order:o2:1'))).toMatchObject({ outcome: 'succeeded' });
    expect(fake.to('POST /v1/payment_intents').map((r) => r.headers['idempotency-key'])).toEqual([
      'order:o2:1',
      'order:o2:1',
    ]);
  });

  it('refunds the whole payment intent on the linked account with our idempotency key; refunded already is done', async () => {
    const refund = {
      accountId: ACCOUNT,
      chargeReference: 'pi_3QsM0z2fHarbour71Kp0Rt5N',
      amount: 4599,
      currency: 'EUR',
      idempotencyKey: 'refund:p1',
    };
    fake.on('POST /v1/refunds', ok('refund'));
    expect(await gateway.refund(refund)).toEqual({ reference: 're_3QsM0z2fHarbour71Rf8Tn2K' });
    const [sent] = fake.to('POST /v1/refunds');
    expect(sent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent!.headers['idempotency-key']).toBe('refund:p1');
    expect(Object.fromEntries(sent!.form)).toEqual({ payment_intent: 'pi_3QsM0z2fHarbour71Kp0Rt5N', amount: '4599' });

    fake.on('POST /v1/refunds', answer(400, 'error_charge_already_refunded'));
    expect(await gateway.refund(refund)).toEqual({ reference: null });

    fake.on('POST /v1/refunds', answer(500, 'error_api_500'));
    await expect(gateway.refund(refund)).rejects.toMatchObject({ reason: 'unavailable' });
    fake.on('POST /v1/refunds', answer(403, 'error_account_revoked'));
    await expect(gateway.refund(refund)).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('is chosen by PAYMENT_GATEWAY; without a Connect client id Stripe starts but refuses to link', () => {
    const clock = { now: () => new Date() };
    expect(createAccountGateway({ PAYMENT_GATEWAY: 'sandbox', STRIPE_SECRET_KEY: undefined }, clock)).toBeInstanceOf(
      SandboxAccountGateway,
    );
    expect(
      createAccountGateway(
        { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_CONNECT_CLIENT_ID: CLIENT_ID },
        clock,
      ),
    ).toBeInstanceOf(StripeAccountGateway);
    const unlinked = createAccountGateway({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY }, clock);
    expect(() => unlinked.authorizeUrl({ state: 's', redirectUri: 'https://example.com/' })).toThrow(
      /STRIPE_CONNECT_CLIENT_ID/,
    );
    expect(() => createAccountGateway({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: undefined }, clock)).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});
