import type { TestApp } from './app.js';
import { createUser } from './accounts.js';
import type { BearerUser } from './projects.js';
import { addMember } from '../modules/access/service.js';
import { makeAdmin } from '../modules/accounts/testing.js';
import { latestAdminEntry } from '../modules/billing/testing.js';

// Helpers of the billing module's tests.

export const company = {
  legalName: 'Harbour Goods B.V.',
  address: { line1: 'Kade 1', city: 'Amsterdam', postalCode: '1011 AA', country: 'NL' },
  taxId: 'NL123456789B01',
  billingEmail: 'billing@harbour.example',
};

export const billingUrl = (path: string, project: string) =>
  `/v1/billing${path}${path.includes('?') ? '&' : '?'}project=${project}`;

export type Caller = Pick<BearerUser, 'call'>;

/** A caller whose token is minted directly: the tests need more people than sign-in's rate limit lets in. */
export async function memberWithRole(t: TestApp, projectId: string, email: string, role: string) {
  const user = await createUser(t, email);
  await addMember(t.database.db, projectId, user.id, role);
  return callerFor(t, user.id);
}

/** A bearer token for the user, minted from a session of its own (a token lives only as long as its session). */
export async function bearerToken(t: TestApp, userId: string): Promise<string> {
  const session = await t.app.services.sessions.create(t.database.db, userId, {});
  return t.app.services.tokens.sign(userId, session.id);
}

export async function callerFor(t: TestApp, userId: string): Promise<Caller> {
  const token = await bearerToken(t, userId);
  return {
    call: (method, url, payload) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** A POST with an Idempotency-Key. */
export function postWithKey(t: TestApp, token: string, url: string, key: string, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    ...(payload === undefined ? {} : { payload }),
  });
}

export const charge = (amount: number, extra: Record<string, unknown> = {}) => ({
  type: 'charge',
  amount,
  currency: 'EUR',
  integration: 'gfn',
  sourceReference: `order-${amount}`,
  confirm: true,
  ...extra,
});
/**
 * A credit as a project would ask for one: the ledger refuses it to projects (403
 * TRANSACTION_NOT_ALLOWED); money enters a wallet through `creditWallet` (an administrator) or a top-up.
 */
export const credit = (amount: number, extra: Record<string, unknown> = {}) => ({
  ...charge(amount),
  type: 'credit',
  integration: 'wallet',
  sourceReference: `top-up-${amount}`,
  ...extra,
});

/** A sandbox card body (createPaymentMethodRequest); 4242… succeeds. */
export const sandboxCard = (extra: Record<string, unknown> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'Ada Harbour',
  ...extra,
});

/** A wallet top-up: a `payment` charged to the default payment method unless one is named. */
export const topUp = (amount: number, extra: Record<string, unknown> = {}) => ({
  type: 'payment',
  amount,
  currency: 'EUR',
  integration: 'wallet',
  sourceReference: `top-up-${amount}`,
  ...extra,
});

const admins = new WeakMap<TestApp, Promise<string>>();

/** The test app's platform administrator (made on first use), with a token minted now: tests move the clock. */
export async function platformAdmin(t: TestApp): Promise<Caller> {
  let admin = admins.get(t);
  if (!admin) {
    admin = (async () => {
      const user = await createUser(t, 'billing.platform.admin@example.com');
      await makeAdmin(t.database.db, { id: user.id });
      return user.id;
    })();
    admins.set(t, admin);
  }
  return callerFor(t, await admin);
}

/**
 * Money into a project's wallet the way it may enter: a platform administrator's credit, with a
 * reason (`PATCH /v1/billing/admin`). Answers the confirmed credit entry it booked.
 */
export async function creditWallet(
  t: TestApp,
  projectId: string,
  amount: number,
  options: { currency?: string; reason?: string } = {},
) {
  const admin = await platformAdmin(t);
  const res = await admin.call('PATCH', billingUrl('/admin', projectId), {
    credit: { amount, currency: options.currency, reason: options.reason ?? 'Test funds' },
  });
  if (res.statusCode !== 200) throw new Error(`not credited: ${res.statusCode} ${res.body}`);
  const row = await latestAdminEntry(t.database.db, projectId);
  return { id: row!.id, amount: row!.amount, walletId: row!.walletId };
}

/** `creditWallet` with the app clock at `at`, as `bookAt` books other entries. */
export async function creditAt(t: TestApp, projectId: string, at: string, amount: number, currency?: string) {
  t.clock.set(at);
  return creditWallet(t, projectId, amount, currency ? { currency } : {});
}
