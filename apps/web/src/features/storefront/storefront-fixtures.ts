import type { Customer, CustomerDetail, Order, PaymentAccount, StorefrontExport } from '@wharf/contract';
import { fakeProject, json, platform, projectPageApi, type FakeCall, type FakeRoutes } from '../../test/fake-api';

/** A shop with the storefront's modules installed. */
export const shopProject = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'orders' }, { code: 'customers' }, { code: 'platform' }],
  settings: { currency: 'EUR' },
});
export const P = shopProject.id;
/** The storefront's calls name the project's platform: `/v1/platform/{platformId}/…`. */
export const PLATFORM = `/v1/platform/${platform.id}`;

/** Everything a shop owner holds. */
export const OWNER = ['orders.read', 'orders.manage', 'customers.read', 'storefront.manage', 'integrations.read'];

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 10, day, hour, 0, 0)).toISOString();

export const customerId = (n: number) => id('c0570e00', n);
export const orderId = (n: number) => id('0bde0000', n);

export function customerFixture(n: number, fields: Partial<Customer> = {}): Customer {
  return {
    id: customerId(n),
    email: `buyer${n}@example.com`,
    name: `Buyer ${n}`,
    phone: null,
    totalOrderCount: n,
    lifetimeValue: n * 2500,
    currency: 'EUR',
    firstPurchasedAt: at(1),
    lastPurchasedAt: at(10 + n),
    ...fields,
  };
}

const address = {
  name: 'Ada Lovelace',
  line1: '12 Quay Street',
  line2: null,
  city: 'Bristol',
  region: null,
  postalCode: 'BS1 4DJ',
  country: 'GB',
  phone: null,
};

/** An order of two lines (2 × €12.50 mugs and a €30 print), paid unless told otherwise. */
export function orderFixture(n: number, fields: Partial<Order> = {}): Order {
  const customer = { id: customerId(1), email: 'buyer1@example.com', name: 'Buyer 1' };
  return {
    id: orderId(n),
    number: 1000 + n,
    status: 'paid',
    source: 'storefront',
    customer,
    total: 6000,
    currency: 'EUR',
    itemCount: 3,
    paymentFailed: false,
    placedAt: at(n),
    paidAt: at(n, 11),
    fulfilledAt: null,
    externalId: null,
    items: [
      {
        id: id('17e30000', n * 10 + 1),
        sku: 'MUG-1',
        name: 'Harbour mug',
        variant: 'Blue',
        quantity: 2,
        unitPrice: 1250,
        total: 2500,
      },
      {
        id: id('17e30000', n * 10 + 2),
        sku: 'PRINT-A3',
        name: 'Lighthouse print',
        variant: null,
        quantity: 1,
        unitPrice: 3000,
        total: 3000,
      },
    ],
    totals: { subtotal: 5500, shipping: 500, tax: 0, discount: 0, total: 6000, currency: 'EUR' },
    shippingAddress: address,
    billingAddress: null,
    note: null,
    payments: [
      {
        id: id('9a7e0000', n * 10 + 1),
        attempt: 1,
        method: 'card',
        amount: 6000,
        currency: 'EUR',
        outcome: 'succeeded',
        reference: `ch_${n}`,
        failure: null,
        createdAt: at(n, 11),
      },
    ],
    fulfillments: [
      {
        id: id('f0170000', n),
        orderId: orderId(n),
        orderNumber: 1000 + n,
        status: 'pending',
        fulfiller: { kind: 'project', code: null, name: 'Harbour Goods', description: 'The shop itself' },
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        items: [
          { orderItemId: id('17e30000', n * 10 + 1), sku: 'MUG-1', name: 'Harbour mug', quantity: 2 },
          { orderItemId: id('17e30000', n * 10 + 2), sku: 'PRINT-A3', name: 'Lighthouse print', quantity: 1 },
        ],
        createdAt: at(n),
        updatedAt: at(n),
        shippedAt: null,
        deliveredAt: null,
      },
    ],
    timeline: [
      {
        id: id('e7e00000', n * 10 + 1),
        at: at(n),
        kind: 'placed',
        message: `Order #${1000 + n} was placed.`,
        actor: 'Storefront key',
      },
      {
        id: id('e7e00000', n * 10 + 2),
        at: at(n, 11),
        kind: 'payment_succeeded',
        message: 'The card payment of €60.00 went through.',
        actor: null,
      },
    ],
    ...fields,
  };
}

/** The order as the list shows it. */
export function summaryOf(order: Order) {
  const {
    externalId: _e,
    items: _i,
    totals: _t,
    shippingAddress: _s,
    billingAddress: _b,
    note: _n,
    payments: _p,
    fulfillments: _f,
    timeline: _tl,
    ...summary
  } = order;
  return summary;
}

export function customerDetailFixture(n: number, orders: Order[] = [orderFixture(1)]): CustomerDetail {
  return { ...customerFixture(n), orders: orders.map(summaryOf), lastShippingAddress: address };
}

export function exportFixture(fields: Partial<StorefrontExport> = {}): StorefrontExport {
  return {
    id: id('e4b00000', 1),
    kind: 'orders',
    status: 'queued',
    rows: 0,
    total: null,
    fileId: null,
    fileName: 'orders-2026-11-27.csv',
    failure: null,
    createdAt: at(27),
    finishedAt: null,
    ...fields,
  };
}

export const notConnected: PaymentAccount = {
  connected: false,
  vendor: 'sandbox',
  accountId: null,
  displayName: null,
  country: null,
  defaultCurrency: null,
  chargesEnabled: false,
  connectedAt: null,
};

export const connected: PaymentAccount = {
  connected: true,
  vendor: 'sandbox',
  accountId: 'acct_sandbox_1',
  displayName: 'Harbour Goods Ltd',
  country: 'GB',
  defaultCurrency: 'gbp',
  chargesEnabled: true,
  connectedAt: at(20),
};

/** The available fulfillers: the shop itself and an installed ShipStation. */
export const fulfillers = [
  { kind: 'project', code: null, name: 'Harbour Goods', description: 'The shop itself' },
  { kind: 'module', code: 'shipstation', name: 'ShipStation', description: 'Ships from the ShipStation warehouse' },
];

/** The API of a shop owner's session (or of a role holding `held`), answering `routes` besides. */
export function storefrontApi(routes: FakeRoutes = {}, held: string[] = OWNER) {
  return projectPageApi(
    held,
    { [`GET ${PLATFORM}/available-fulfillers`]: () => json(200, fulfillers), ...routes },
    shopProject,
  );
}

/** Exports progressing one step per poll through `steps`, the last repeated. */
export function exportSteps(steps: StorefrontExport[]) {
  let i = 0;
  return (_call: FakeCall) => json(200, steps[Math.min(i++, steps.length - 1)]);
}
