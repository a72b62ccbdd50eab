import type { PlaceOrderRequest } from '@wharf/contract';
import { projectPlatformId } from '../modules/projects/read-models.js';
import type { TestApp } from './app.js';
import type { BearerUser } from './projects.js';

/** The base of a project's storefront calls: `/v1/platform/<its platform>`. */
export async function storefrontBase(t: TestApp, projectId: string): Promise<string> {
  return `/v1/platform/${await projectPlatformId(t.database.db, projectId)}`;
}

/** An order as a storefront would send it: two lines, shipping, paid by `payment`. */
export function anOrder(overrides: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    currency: 'GBP',
    items: [
      { sku: 'MUG-1', name: 'Harbour mug', quantity: 2, unitPrice: 1250 },
      { sku: 'TEE-M', name: 'Anchor tee', variant: 'M', quantity: 1, unitPrice: 2000 },
    ],
    shipping: 495,
    tax: 0,
    discount: 0,
    shippingAddress: {
      name: 'Ada Lovelace',
      line1: '12 St James Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
    },
    payment: { method: 'external', reference: 'etsy-991' },
    ...overrides,
  };
}

/** An API key of the project holding `permissions`, as the storefront would hold one; calls with it. */
export async function projectKey(t: TestApp, owner: BearerUser, projectId: string, permissions: string[]) {
  const res = await owner.call('POST', `/v1/projects/${projectId}/auth`, { name: 'Storefront', permissions });
  if (res.statusCode !== 201) throw new Error(`no key: ${res.body}`);
  const { secret } = res.json() as { secret: string };
  return {
    call: (method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/**
 * The reviews export's columns in order, as a spreadsheet made from one expects them. Pinned here,
 * apart from the export's own list, so that a change to the file's shape fails the tests that read one.
 */
export const REVIEW_CSV_HEADER = [
  'submittedAt',
  'status',
  'rating',
  'kind',
  'productSku',
  'productName',
  'authorName',
  'authorEmail',
  'title',
  'body',
  'photos',
  'moderatedAt',
  'rejectionReason',
] as const;

/**
 * Connects the project's payment account as a person does: the authorize address, then its callback
 * with the code and state the (sandbox) provider sent back. Throws unless it is connected.
 */
export async function connectSandboxAccount(owner: Pick<BearerUser, 'call'>, projectId: string): Promise<void> {
  const authorize = `/v1/platform/payment/stripe/authorize?project=${projectId}`;
  const { url } = (await owner.call('GET', authorize)).json() as { url: string };
  const back = new URL(url);
  const res = await owner.call('POST', authorize, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  if (res.statusCode !== 200) throw new Error(`payment account not connected: ${res.body}`);
}
