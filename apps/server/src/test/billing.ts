import type { TestApp } from './app.js';
import { createUser } from './accounts.js';
import type { BearerUser } from './projects.js';
import { addMember } from '../modules/access/service.js';

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

export async function callerFor(t: TestApp, userId: string): Promise<Caller> {
  const token = await t.app.services.tokens.sign(userId);
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
