import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { Currency, IntegrationCode, MONEY_MAX, MoneyTotal } from './billing.js';
import { multiline } from './common.js';

/*
 * The storefront's management (SPEC.md section 7 "Platform", issue 22, decision 035): orders that
 * reach Wharf through the intake, the customers they make, payments through the project's payment
 * account, and fulfilments. Money is minor units plus an ISO 4217 currency, as in billing.
 */

/** SPEC.md section 3: "Platform order status values: new, paid, processing, complete, refunded." */
export const ORDER_STATUSES = ['new', 'paid', 'processing', 'complete', 'refunded'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Where a fulfilment stands; an order is complete once every fulfilment not cancelled has shipped. */
export const FULFILLMENT_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const FulfillmentStatus = z.enum(FULFILLMENT_STATUSES);
export type FulfillmentStatus = z.infer<typeof FulfillmentStatus>;

/** Which date of an order a date range applies to. */
export const DATE_FILTER_TYPES = ['placed', 'paid', 'fulfilled'] as const;
export const DateFilterType = z.enum(DATE_FILTER_TYPES);
export type DateFilterType = z.infer<typeof DateFilterType>;

/** The most lines one order may carry, and the most of one line. */
export const ORDER_ITEMS_MAX = 500;
export const ORDER_QUANTITY_MAX = 10_000;

const Amount = z.number().int().min(0, 'Use an amount of zero or more.').max(MONEY_MAX);
const Line = (max: number) => z.string().trim().min(1).max(max);
const OptionalLine = (max: number) => z.string().trim().max(max).nullish();
/** A time a caller sends: ISO 8601 with a zone; answered as ISO in UTC. */
const Time = z.iso.datetime({ offset: true });

export const Address = z
  .object({
    name: Line(200),
    line1: Line(200),
    line2: OptionalLine(200),
    city: Line(100),
    region: OptionalLine(100),
    postalCode: Line(20),
    country: z.string().regex(/^[A-Z]{2}$/, 'Use an ISO 3166 country code such as GB.'),
    phone: OptionalLine(40),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const OrderCustomer = z
  .object({ id: z.uuid(), email: z.string(), name: z.string() })
  .meta({ id: 'OrderCustomer' });

export const OrderItem = z
  .object({
    id: z.uuid(),
    sku: z.string(),
    name: z.string(),
    variant: z.string().nullable(),
    quantity: z.number().int(),
    unitPrice: MoneyTotal,
    total: MoneyTotal,
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderTotals = z
  .object({
    subtotal: MoneyTotal,
    shipping: MoneyTotal,
    tax: MoneyTotal,
    discount: MoneyTotal,
    total: MoneyTotal,
    currency: z.string(),
  })
  .meta({ id: 'OrderTotals' });

export const PAYMENT_OUTCOMES = ['pending', 'succeeded', 'failed'] as const;
export const OrderPayment = z
  .object({
    id: z.uuid(),
    attempt: z.number().int(),
    method: z.enum(['card', 'external']),
    amount: MoneyTotal,
    currency: z.string(),
    outcome: z.enum(PAYMENT_OUTCOMES),
    /** The payment account's (or the sales channel's) reference of the charge. */
    reference: z.string().nullable(),
    /** Why the payment failed, in words the owner can pass on. */
    failure: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof OrderPayment>;

/** Who fulfils: the project itself, or one of its installed modules (the factory side adds projects). */
export const FulfillerRef = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('project') }),
    z.object({ kind: z.literal('module'), code: IntegrationCode }),
  ])
  .meta({ id: 'FulfillerRef' });
export type FulfillerRef = z.infer<typeof FulfillerRef>;

export const AvailableFulfiller = z
  .object({
    kind: z.enum(['project', 'module']),
    code: z.string().nullable(),
    name: z.string(),
    description: z.string(),
  })
  .meta({ id: 'AvailableFulfiller' });
export type AvailableFulfiller = z.infer<typeof AvailableFulfiller>;

export const Fulfillment = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.number().int(),
    status: FulfillmentStatus,
    fulfiller: AvailableFulfiller,
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    items: z.array(z.object({ orderItemId: z.uuid(), sku: z.string(), name: z.string(), quantity: z.number().int() })),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    shippedAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Fulfillment' });
export type Fulfillment = z.infer<typeof Fulfillment>;

export const ORDER_EVENT_KINDS = [
  'placed',
  'payment_succeeded',
  'payment_failed',
  'payment_retried',
  'status_changed',
  'fulfillment_updated',
  'fulfillment_split',
  'refunded',
] as const;

/** One line of an order's timeline: every change, who made it and when. */
export const OrderEvent = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    kind: z.enum(ORDER_EVENT_KINDS),
    /** What happened, as a sentence. */
    message: z.string(),
    /** Who did it: a person's name, "An API key" for the storefront's and channels' keys, or null when Wharf did it itself. */
    actor: z.string().nullable(),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof OrderEvent>;

/** An order as the list shows it. */
export const OrderSummary = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    status: OrderStatus,
    /** The storefront, or the sales-channel module the order came from. */
    source: z.string(),
    customer: OrderCustomer,
    total: MoneyTotal,
    currency: z.string(),
    itemCount: z.number().int(),
    /** The last payment attempt failed: the order waits for a retry. */
    paymentFailed: z.boolean(),
    placedAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    fulfilledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof OrderSummary>;

export const Order = OrderSummary.extend({
  externalId: z.string().nullable(),
  items: z.array(OrderItem),
  totals: OrderTotals,
  shippingAddress: Address.nullable(),
  billingAddress: Address.nullable(),
  note: z.string().nullable(),
  payments: z.array(OrderPayment),
  fulfillments: z.array(Fulfillment),
  timeline: z.array(OrderEvent),
}).meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const OrderPage = Page(OrderSummary).meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof OrderPage>;

export const ListOrdersQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Matches the order number, the customer's name or email. */
  search: z.string().trim().max(200).optional(),
  start: Time.optional(),
  end: Time.optional(),
  dateFilterType: DateFilterType.default('placed'),
});

/** The intake's payment: a card the storefront took for the project's payment account, or paid elsewhere. */
export const IntakePayment = z
  .discriminatedUnion('method', [
    z.object({
      method: z.literal('card'),
      /** The payment account's handle on the customer's card (Stripe's `pm_…`; sandbox: `pm_card_visa`...). */
      paymentMethod: z.string().trim().min(1).max(255),
    }),
    z.object({
      method: z.literal('external'),
      /** The sales channel's reference of a payment taken there (a marketplace order). */
      reference: z.string().trim().min(1).max(255),
    }),
  ])
  .meta({ id: 'IntakePayment' });

/**
 * What the storefront or a sales channel sends to place an order. Wharf adds up the totals itself;
 * `externalId` makes the intake safe to repeat: the same id answers the order it made the first time.
 */
export const PlaceOrderRequest = z
  .object({
    externalId: z.string().trim().min(1).max(200).optional(),
    /** The sales-channel module the order came from; the storefront when left out. */
    source: IntegrationCode.optional(),
    customer: z.object({
      email: z.email('Enter a valid email address.').max(254),
      name: Line(200),
      phone: OptionalLine(40),
    }),
    currency: Currency,
    items: z
      .array(
        z.object({
          sku: Line(100),
          name: Line(300),
          variant: OptionalLine(200),
          quantity: z.number().int().min(1).max(ORDER_QUANTITY_MAX),
          unitPrice: Amount,
        }),
      )
      .min(1, 'An order needs at least one item.')
      .max(ORDER_ITEMS_MAX),
    shipping: Amount.default(0),
    tax: Amount.default(0),
    discount: Amount.default(0),
    shippingAddress: Address.optional(),
    billingAddress: Address.optional(),
    note: multiline(z.string().trim().max(2000)).optional(),
    /** When a sales channel took the order (not in the future); now when left out. */
    placedAt: Time.optional(),
    payment: IntakePayment,
  })
  .meta({ id: 'PlaceOrderRequest' });
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequest>;

export const UpdateFulfillmentRequest = z
  .object({
    status: FulfillmentStatus.optional(),
    fulfiller: FulfillerRef.optional(),
    carrier: OptionalLine(100),
    trackingNumber: OptionalLine(100),
    trackingUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullish(),
    /**
     * Keep only these items (and quantities) in this fulfilment; the rest moves to a new pending
     * fulfilment with the same fulfiller — how one order is split across fulfillers.
     */
    items: z
      .array(z.object({ orderItemId: z.uuid(), quantity: z.number().int().min(1).max(ORDER_QUANTITY_MAX) }))
      .min(1)
      .max(ORDER_ITEMS_MAX)
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one change.')
  .meta({ id: 'UpdateFulfillmentRequest' });
export type UpdateFulfillmentRequest = z.infer<typeof UpdateFulfillmentRequest>;

/** Refunding a paid order in full (decision 035): the reason goes to the timeline. */
export const RefundOrderRequest = z.object({ reason: OptionalLine(500) }).meta({ id: 'RefundOrderRequest' });
export type RefundOrderRequest = z.infer<typeof RefundOrderRequest>;

// Customers -----------------------------------------------------------------------------------------

/**
 * A filter on a number (SPEC.md section 3's totalOrderCount and lifetimeValue): a comparison
 * `gt:5`, `gte:5`, `lt:5`, `lte:5`, `eq:5`, or an inclusive range `5..10`.
 */
export const NumberFilter = z
  .string()
  .trim()
  .max(60)
  .regex(
    /^((gt|gte|lt|lte|eq):\d{1,15}|\d{1,15}\.\.\d{1,15})$/,
    'Use a comparison such as gte:3, or a range such as 2..5.',
  )
  .transform((text) => {
    const range = /^(\d+)\.\.(\d+)$/.exec(text);
    if (range) return { min: Number(range[1]), max: Number(range[2]) };
    const [op, value] = text.split(':') as [string, string];
    const n = Number(value);
    switch (op) {
      case 'gt':
        return { min: n + 1, max: null };
      case 'gte':
        return { min: n, max: null };
      case 'lt':
        return { min: null, max: n - 1 };
      case 'lte':
        return { min: null, max: n };
      default:
        return { min: n, max: n };
    }
  });
export type NumberFilter = z.output<typeof NumberFilter>;

export const CUSTOMER_SORTS = [
  'lastPurchasedAt',
  '-lastPurchasedAt',
  'lifetimeValue',
  '-lifetimeValue',
  'totalOrderCount',
  '-totalOrderCount',
  'name',
  '-name',
] as const;

export const Customer = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    totalOrderCount: z.number().int(),
    /** What the customer's paid orders came to, in the shop's currency. */
    lifetimeValue: MoneyTotal,
    currency: z.string(),
    firstPurchasedAt: z.iso.datetime(),
    lastPurchasedAt: z.iso.datetime(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof Customer>;

export const CustomerDetail = Customer.extend({
  /** The customer's latest orders (up to 100), newest first. */
  orders: z.array(OrderSummary),
  lastShippingAddress: Address.nullable(),
}).meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const CustomerPage = Page(Customer).meta({ id: 'CustomerPage' });
export type CustomerPage = z.infer<typeof CustomerPage>;

export const ListCustomersQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Matches the customer's name or email. */
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(CUSTOMER_SORTS).default('-lastPurchasedAt'),
  totalOrderCount: NumberFilter.optional(),
  /** In minor units of the shop's currency. */
  lifetimeValue: NumberFilter.optional(),
  lastPurchasedStart: Time.optional(),
  lastPurchasedEnd: Time.optional(),
});

// Exports -------------------------------------------------------------------------------------------

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** A CSV export running in the background into a drive file; the console polls it for progress. */
export const StorefrontExport = z
  .object({
    id: z.uuid(),
    kind: z.enum(['orders', 'customers', 'reviews']),
    status: z.enum(EXPORT_STATUSES),
    /** Rows written so far. */
    rows: z.number().int(),
    /** Rows to write, counted when the export started (null until then). */
    total: z.number().int().nullable(),
    /** The drive file, once done. */
    fileId: z.uuid().nullable(),
    fileName: z.string(),
    failure: z.string().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'StorefrontExport' });
export type StorefrontExport = z.infer<typeof StorefrontExport>;

export const ExportOrdersQuery = z.object({
  project: z.uuid(),
  start: Time,
  end: Time.optional(),
  search: z.string().trim().max(200).optional(),
});

export const ExportCustomersQuery = ListCustomersQuery.omit({ pageToken: true, pageSize: true, sortBy: true });

// Payment account -----------------------------------------------------------------------------------

/** The project's payment account: the Stripe account (or the sandbox's) its orders are paid into. */
export const PaymentAccount = z
  .object({
    connected: z.boolean(),
    /** `sandbox` when Wharf runs without Stripe keys: the same flow, offline. */
    vendor: z.enum(['sandbox', 'stripe']),
    accountId: z.string().nullable(),
    displayName: z.string().nullable(),
    country: z.string().nullable(),
    defaultCurrency: z.string().nullable(),
    chargesEnabled: z.boolean(),
    connectedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PaymentAccount' });
export type PaymentAccount = z.infer<typeof PaymentAccount>;

export const PaymentAuthorization = z
  .object({ url: z.url(), expiresAt: z.iso.datetime() })
  .meta({ id: 'PaymentAuthorization' });

/** What Stripe's OAuth (or the sandbox's) hands back to the console page it returns to. */
export const CompletePaymentAuthorizationRequest = z
  .object({ code: z.string().trim().min(1).max(500), state: z.string().trim().min(1).max(1000) })
  .meta({ id: 'CompletePaymentAuthorizationRequest' });
