import type {
  BillingProject,
  Invoice,
  Overview,
  PaymentMethod,
  Plan,
  Summary,
  Transaction,
  Wallet,
} from '@wharf/contract';
import type { VitestUtils } from 'vitest';
import { fakeProject, json, projectPageApi, type FakeRoutes } from '../../test/fake-api';

/** Test data for the billing screens, shaped as the contract's answers. */

export const billingTestProject = fakeProject(1, { name: 'Acme shop' });
export const P = billingTestProject.id;

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function billingProjectFixture(fields: Partial<BillingProject> = {}): BillingProject {
  return {
    projectId: P,
    company: {
      legalName: 'Acme B.V.',
      address: { line1: 'Kade 1', line2: null, city: 'Amsterdam', postalCode: '1011 AA', region: null, country: 'NL' },
      taxId: 'NL123456789B01',
      billingEmail: 'billing@acme.example',
    },
    currency: 'EUR',
    plan: { code: 'starter', name: 'Starter' },
    creditLimit: 0,
    autoPay: true,
    flags: [],
    paymentVendor: 'sandbox',
    ...fields,
  };
}

export const plansFixture: Plan[] = [
  { code: 'demo', name: 'Demo', demo: true, prices: [{ currency: 'EUR', monthlyAmount: 0 }], features: [] },
  {
    code: 'starter',
    name: 'Starter',
    demo: false,
    prices: [{ currency: 'EUR', monthlyAmount: 1900 }],
    features: ['3 members'],
  },
  {
    code: 'growth',
    name: 'Growth',
    demo: false,
    prices: [{ currency: 'EUR', monthlyAmount: 4900 }],
    features: ['10 members'],
  },
];

export function overviewFixture(fields: Partial<Overview> = {}): Overview {
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(2025, 11 + i, 1));
    return {
      month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
      spend: (i + 1) * 1000,
      payments: 500,
    };
  });
  return {
    currency: 'EUR',
    balance: 123456,
    available: 100000,
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    spendThisPeriod: 4200,
    upcomingInvoiceEstimate: 6100,
    spendByIntegration: [
      { integration: 'gfn', amount: 3000 },
      { integration: 'mail', amount: 1200 },
    ],
    months,
    ...fields,
  };
}

export function walletFixture(fields: Partial<Wallet> = {}): Wallet {
  return {
    id: uuid('a0a0a0a0', 1),
    currency: 'EUR',
    balance: 123456,
    held: 2000,
    available: 121456,
    creditLimit: 0,
    autoTopUp: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

export function invoiceFixture(n: number, fields: Partial<Invoice> = {}): Invoice {
  return {
    id: uuid('1a1a1a1a', n),
    number: `INV-2026-${String(n).padStart(4, '0')}`,
    type: 'period',
    status: 'paid',
    currency: 'EUR',
    periodStart: '2026-10-01T00:00:00.000Z',
    periodEnd: '2026-11-01T00:00:00.000Z',
    subtotal: 10000,
    tax: 2100,
    taxRateBps: 2100,
    total: 12100,
    amountDue: 0,
    amountPaid: 12100,
    lineCount: 2,
    company: null,
    issuedAt: '2026-11-01T02:00:00.000Z',
    dueAt: '2026-11-15T00:00:00.000Z',
    paidAt: '2026-11-01T02:00:00.000Z',
    voidedAt: null,
    voidReason: null,
    attemptCount: 1,
    nextAttemptAt: null,
    ...fields,
  };
}

export function transactionFixture(n: number, fields: Partial<Transaction> = {}): Transaction {
  return {
    id: uuid('7a7a7a7a', n),
    walletId: walletFixture().id,
    type: 'charge',
    status: 'confirmed',
    amount: -1500,
    currency: 'EUR',
    integration: 'gfn',
    sourceReference: `order-${n}`,
    description: `Label printing ${n}`,
    reversesId: null,
    invoiceId: null,
    createdAt: '2026-11-10T09:00:00.000Z',
    confirmedAt: '2026-11-10T09:00:00.000Z',
    voidedAt: null,
    ...fields,
  };
}

export function summaryFixture(n: number, fields: Partial<Summary> = {}): Summary {
  return {
    id: uuid('5a5a5a5a', n),
    currency: 'EUR',
    periodStart: '2026-10-01T00:00:00.000Z',
    periodEnd: '2026-11-01T00:00:00.000Z',
    openingBalance: 10000,
    charges: -4000,
    credits: 0,
    payments: 5000,
    refunds: 0,
    adjustments: 0,
    closingBalance: 11000,
    transactionCount: 7,
    createdAt: '2026-11-02T08:00:00.000Z',
    ...fields,
  };
}

export function paymentMethodFixture(n: number, fields: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: uuid('9a9a9a9a', n),
    vendor: 'sandbox',
    brand: 'visa',
    last4: String(4240 + n),
    expMonth: 12,
    expYear: 2030,
    holderName: 'Ada Lovelace',
    isDefault: n === 1,
    expired: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export const BILLING = 'GET /v1/billing/billing';

/**
 * The API behind a billing page: the user holds billing.read and billing.manage in the project,
 * the billing account answers `account`, and `routes` answer the rest.
 */
export function billingPageApi(
  routes: FakeRoutes = {},
  account: BillingProject = billingProjectFixture(),
  held: string[] = ['billing.read', 'billing.manage'],
) {
  return projectPageApi(held, { [BILLING]: json(200, account), ...routes }, billingTestProject);
}

/** jsdom's Blob has no text(); its FileReader reads it. */
export function readText(blob: Blob): Promise<string> {
  // A Blob from fetch's Response is Node's own, which has text(); jsdom's is read with FileReader.
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

/**
 * Downloads as the page hands them to the browser: object URLs (jsdom has none) and the file name
 * of the link clicked. `files` fills as downloads happen.
 */
export function captureDownloads(vi: VitestUtils) {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}
