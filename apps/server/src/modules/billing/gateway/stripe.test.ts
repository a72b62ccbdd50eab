import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerToken, billingUrl, company, postWithKey, sandboxCard, topUp } from '../../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { paymentAttempts, paymentMethods } from '../schema.js';
import { closedPort, FakeStripe, fixture, type Answer, type Fixture } from './fixtures/fake-stripe.js';
import { createGateway } from './index.js';
import { SandboxGateway } from './sandbox.js';
import { outcomeOfCardError, PaymentMethodRejected, StripeGateway } from './stripe.js';

const SECRET_KEY = 'sk_test_51WharfFakeKey0000000000';
const PM = 'pm_1QsK3f2eZvKYlo2CzB7Hq0aV';
const CUSTOMER = 'cus_RkW1hVd7Yq3bXz';
const PROJECT = '7d3c1c7e-54b5-4b8e-9d0c-1f2a3b4c5d6e';

const ok = (name: Fixture, projectId?: string): Answer => ({ status: 200, body: fixture(name, projectId) });
const cardError = (name: Fixture): Answer => ({ status: 402, body: fixture(name) });
/** As Stripe answers a 5xx it has not acted on: the SDK may retry it. */
const serverError: Answer = { status: 500, body: fixture('error_api_500') };
/** A payment method retrieved with `expand[]=customer`, its customer belonging to `projectId`. */
const expandedCard = (projectId: string): Answer => ({
  status: 200,
  body: { ...fixture('payment_method'), customer: fixture('customer', projectId) },
});

const chargeInput = (key: string) => ({
  amount: 5000,
  currency: 'EUR',
  paymentMethod: { reference: PM, expMonth: 8, expYear: 2031 },
  idempotencyKey: key,
});

describe('the Stripe gateway against recorded responses', () => {
  const fake = new FakeStripe();
  let gateway: StripeGateway;
  let api: Awaited<ReturnType<FakeStripe['start']>>;

  beforeAll(async () => {
    api = await fake.start();
    gateway = new StripeGateway({ secretKey: SECRET_KEY, api, maxNetworkRetries: 0 });
  });
  afterAll(() => fake.stop());
  afterEach(() => {
    fake.requests.length = 0;
  });

  it('makes a customer once per project and an off-session card setup intent, answering its client secret', async () => {
    fake.on('POST /v1/customers', ok('customer', PROJECT)).on('POST /v1/setup_intents', ok('setup_intent', PROJECT));

    const first = await gateway.createSetup({ projectId: PROJECT });
    const second = await gateway.createSetup({ projectId: PROJECT });

    expect(first.secret).toBe(fixture('setup_intent').client_secret);
    expect(second.secret).toBe(first.secret);
    const [customer, ...more] = fake.to('POST /v1/customers');
    expect(more).toHaveLength(0);
    expect(customer!.headers['idempotency-key']).toBe(`customer:${PROJECT}`);
    expect(customer!.form.get('metadata[projectId]')).toBe(PROJECT);
    const intents = fake.to('POST /v1/setup_intents');
    expect(intents).toHaveLength(2);
    for (const intent of intents) {
      expect(Object.fromEntries(intent.form)).toMatchObject({
        customer: CUSTOMER,
        usage: 'off_session',
        'allowed_payment_method_types[0]': 'card',
        'metadata[projectId]': PROJECT,
      });
    }
    // The secret key goes only as the bearer token, never in a body.
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);
  });

  it('throws when Stripe fails to make the setup intent', async () => {
    fake.on('POST /v1/customers', ok('customer')).on('POST /v1/setup_intents', serverError);
    await expect(gateway.createSetup({ projectId: 'another-project' })).rejects.toThrow(/unknown error/);
  });

  it('charges with an off-session payment intent carrying our idempotency key', async () => {
    fake
      .on(`GET /v1/payment_methods/${PM}`, ok('payment_method'))
      .on('POST /v1/payment_intents', ok('payment_intent_succeeded'));

    const result = await gateway.charge(chargeInput('top-up:p:key-1'));

    expect(result).toEqual({ outcome: 'succeeded', reference: 'pi_3QsK5h2eZvKYlo2C1Tq7Wm2R' });
    const [intent, ...more] = fake.to('POST /v1/payment_intents');
    expect(more).toHaveLength(0);
    expect(intent!.headers['idempotency-key']).toBe('top-up:p:key-1');
    expect(intent!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(intent!.form)).toEqual({
      amount: '5000',
      currency: 'eur',
      customer: CUSTOMER,
      payment_method: PM,
      'allowed_payment_method_types[0]': 'card',
      off_session: 'true',
      confirm: 'true',
    });
  });

  it.each([
    ['error_card_declined', 'declined', 'pi_3QsK6a2eZvKYlo2C0dQx1Nf4'],
    ['error_insufficient_funds', 'insufficient_funds', 'pi_3QsK6b2eZvKYlo2C1hTz3Ab7'],
    ['error_expired_card', 'expired', 'pi_3QsK6c2eZvKYlo2C2vXw4Mk9'],
  ] as const)(
    'answers a 402 %s as the outcome %s, keeping the failed intent as the reference',
    async (name, outcome, reference) => {
      fake.on(`GET /v1/payment_methods/${PM}`, ok('payment_method')).on('POST /v1/payment_intents', cardError(name));
      expect(await gateway.charge(chargeInput(`key-${name}`))).toEqual({ outcome, reference });
    },
  );

  it('maps card error codes the recordings do not cover', () => {
    expect(outcomeOfCardError({ code: 'card_declined', decline_code: 'expired_card' })).toBe('expired');
    expect(outcomeOfCardError({ code: 'incorrect_cvc' })).toBe('declined');
    expect(outcomeOfCardError({ code: 'authentication_required', decline_code: 'authentication_required' })).toBe(
      'declined',
    );
  });

  it('answers declined without a payment intent for a card deleted or detached at Stripe', async () => {
    fake.on(`GET /v1/payment_methods/${PM}`, { status: 404, body: fixture('error_resource_missing') });
    expect(await gateway.charge(chargeInput('gone'))).toEqual({ outcome: 'declined', reference: null });
    fake.on(`GET /v1/payment_methods/${PM}`, { status: 200, body: { ...fixture('payment_method'), customer: null } });
    expect(await gateway.charge(chargeInput('detached'))).toEqual({ outcome: 'declined', reference: null });
    expect(fake.to('POST /v1/payment_intents')).toHaveLength(0);
  });

  it('throws on a 5xx after its retries, which carry the same idempotency key', async () => {
    const retrying = new StripeGateway({ secretKey: SECRET_KEY, api, maxNetworkRetries: 1 });
    fake.on(`GET /v1/payment_methods/${PM}`, ok('payment_method')).on('POST /v1/payment_intents', serverError);

    await expect(retrying.charge(chargeInput('top-up:p:retry'))).rejects.toThrow();

    const tries = fake.to('POST /v1/payment_intents');
    expect(tries).toHaveLength(2);
    expect(tries.map((r) => r.headers['idempotency-key'])).toEqual(['top-up:p:retry', 'top-up:p:retry']);
  });

  it('throws when Stripe cannot be reached or does not answer in time', async () => {
    const unreachable = new StripeGateway({
      secretKey: SECRET_KEY,
      api: { ...api, port: await closedPort() },
      maxNetworkRetries: 0,
    });
    await expect(unreachable.charge(chargeInput('refused'))).rejects.toMatchObject({ type: 'StripeConnectionError' });

    const slow = new StripeGateway({ secretKey: SECRET_KEY, api, maxNetworkRetries: 0, timeoutMs: 200 });
    fake
      .on(`GET /v1/payment_methods/${PM}`, ok('payment_method'))
      .on('POST /v1/payment_intents', { status: 200, body: null, hang: true });
    const started = Date.now();
    await expect(slow.charge(chargeInput('hung'))).rejects.toMatchObject({ type: 'StripeConnectionError' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reads a card's brand, last four digits and expiry, and only from the project's own customer", async () => {
    fake.on(`GET /v1/payment_methods/${PM}`, expandedCard(PROJECT));
    expect(await gateway.retrievePaymentMethod(PM, PROJECT)).toEqual({
      reference: PM,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
      holderName: 'Ada Harbour',
    });
    expect(fake.to(`GET /v1/payment_methods/${PM}`)[0]!.query.get('expand[0]')).toBe('customer');

    await expect(gateway.retrievePaymentMethod(PM, 'another-project')).rejects.toBeInstanceOf(PaymentMethodRejected);
    fake.on(`GET /v1/payment_methods/${PM}`, { status: 404, body: fixture('error_resource_missing') });
    await expect(gateway.retrievePaymentMethod(PM, PROJECT)).rejects.toBeInstanceOf(PaymentMethodRejected);
  });

  it('is configured by PAYMENT_GATEWAY, which refuses Stripe without both keys', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: SECRET_KEY })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    const stripe = loadConfig({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Wharf',
    });
    expect(stripe).toMatchObject({ PAYMENT_GATEWAY: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Wharf' });
  });

  it('is chosen by PAYMENT_GATEWAY', () => {
    const clock = { now: () => new Date() };
    expect(createGateway({ PAYMENT_GATEWAY: 'sandbox', STRIPE_SECRET_KEY: undefined }, clock)).toBeInstanceOf(
      SandboxGateway,
    );
    expect(createGateway({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY }, clock)).toBeInstanceOf(
      StripeGateway,
    );
    expect(() => createGateway({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: undefined }, clock)).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});

describe('billing over HTTP in Stripe mode', () => {
  const fake = new FakeStripe();
  let t: TestApp;
  let owner: BearerUser;
  let p: string;

  beforeAll(async () => {
    const api = await fake.start();
    // The app's gateway, as app.ts makes it from PAYMENT_GATEWAY=stripe, but talking to the fake.
    const gateway = new StripeGateway({
      secretKey: SECRET_KEY,
      publishableKey: 'pk_test_wharf',
      api,
      maxNetworkRetries: 0,
    });
    t = await createStartedTestApp({ deps: { paymentGateway: gateway } });
    owner = await bearerUser(t, 'owner@example.com');
    p = (await createProjectAs(owner, 'Stripe shop')).id;
    expect((await owner.call('PATCH', billingUrl('/billing', p), { company })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  afterEach(() => {
    fake.requests.length = 0;
  });

  it('gives the setup intent secret, and SETUP_INTENT_FAILED when Stripe fails', async () => {
    fake.on('POST /v1/customers', ok('customer', p)).on('POST /v1/setup_intents', ok('setup_intent', p));
    const res = await owner.call('GET', billingUrl('/payment-methods/stripe/secret', p));
    expect(res.statusCode, res.body).toBe(200);
    // The browser gets the publishable key with the secret: Stripe.js needs both, and nothing else.
    expect(res.json()).toEqual({
      vendor: 'stripe',
      secret: fixture('setup_intent').client_secret,
      publishableKey: 'pk_test_wharf',
    });
    expect((await owner.call('GET', billingUrl('/payment-methods/sandbox/secret', p))).statusCode).toBe(404);

    fake.on('POST /v1/setup_intents', serverError);
    const failed = await owner.call('GET', billingUrl('/payment-methods/stripe/secret', p));
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'SETUP_INTENT_FAILED', message: 'Failed to create a payment method.' });
  });

  it('stores a card added with Stripe.js from what Stripe says of it', async () => {
    fake.on(`GET /v1/payment_methods/${PM}`, expandedCard(p));
    const res = await owner.call('POST', billingUrl('/payment-methods', p), { vendor: 'stripe', paymentMethod: PM });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      vendor: 'stripe',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
      holderName: 'Ada Harbour',
      isDefault: true,
      expired: false,
      createdAt: expect.any(String),
    });
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, res.json().id));
    expect(row!.gatewayReference).toBe(PM);
  });

  it("refuses typed cards, another project's card and card fields in a Stripe body", async () => {
    const typed = await owner.call('POST', billingUrl('/payment-methods', p), sandboxCard());
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toMatchObject({ code: 'PAYMENT_VENDOR_NOT_AVAILABLE' });

    const withNumber = await owner.call('POST', billingUrl('/payment-methods', p), {
      vendor: 'stripe',
      paymentMethod: PM,
      number: '4242424242424242',
    });
    expect(withNumber.statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);

    fake.on(`GET /v1/payment_methods/${PM}`, expandedCard('someone-else'));
    const foreign = await owner.call('POST', billingUrl('/payment-methods', p), {
      vendor: 'stripe',
      paymentMethod: PM,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'CARD_INVALID', errors: [{ path: 'body.paymentMethod' }] });
  });

  it('answers 502 PAYMENT_GATEWAY_UNAVAILABLE when Stripe cannot tell what the card is', async () => {
    fake.on(`GET /v1/payment_methods/${PM}`, serverError);
    const res = await owner.call('POST', billingUrl('/payment-methods', p), { vendor: 'stripe', paymentMethod: PM });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_GATEWAY_UNAVAILABLE' });
  });

  it('tops the wallet up through a payment intent keyed by the Idempotency-Key, and records a decline', async () => {
    fake
      .on(`GET /v1/payment_methods/${PM}`, expandedCard(p))
      .on('POST /v1/payment_intents', ok('payment_intent_succeeded'));
    const token = await bearerToken(t, owner.user.id);
    const paid = await postWithKey(t, token, billingUrl('/transactions', p), 'top-up-1', topUp(5000));
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ type: 'payment', amount: 5000, status: 'confirmed' });
    expect(fake.to('POST /v1/payment_intents')[0]!.headers['idempotency-key']).toBe(`top-up:${p}:top-up-1`);

    fake.on('POST /v1/payment_intents', cardError('error_card_declined'));
    const declined = await postWithKey(t, token, billingUrl('/transactions', p), 'top-up-2', topUp(5000));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED' });
    const attempts = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.projectId, p));
    expect(attempts.map((a) => [a.outcome, a.gatewayReference]).sort()).toEqual([
      ['declined', 'pi_3QsK6a2eZvKYlo2C0dQx1Nf4'],
      ['succeeded', 'pi_3QsK5h2eZvKYlo2C1Tq7Wm2R'],
    ]);
  });
});
