import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address, FulfillmentStatus, OrderStatus } from '@wharf/contract';
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { users } from '../accounts/schema.js';
import { projects } from '../projects/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });
const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * A project's shop: the currency its first order fixed (every later order and every customer's
 * figures are in it) and the next order number. The intake locks this row to take a number, so
 * numbers are gapless and in order of placing, whatever server took the order.
 */
export const storefrontShops = pgTable('storefront_shops', {
  projectId: projectRef().primaryKey(),
  currency: text('currency').notNull(),
  nextNumber: integer('next_number').notNull().default(1001),
});

/**
 * A customer of a project's shop, one per email. The figures are kept by the intake and the
 * payments in the transaction that changes them (decision 035), never recomputed by scanning orders.
 */
export const storefrontCustomers = pgTable(
  'storefront_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    /** Lower-cased: one customer per address, however the storefront spelt it. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    orderCount: integer('order_count').notNull().default(0),
    /** What the customer's paid orders came to, in the shop's currency (minor units). */
    lifetimeValue: money('lifetime_value').notNull().default(0),
    firstPurchasedAt: at('first_purchased_at').notNull(),
    lastPurchasedAt: at('last_purchased_at').notNull(),
    lastShippingAddress: jsonb('last_shipping_address').$type<Address>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${storefrontCustomers.name} || ' ' || ${storefrontCustomers.email})`),
  },
  (t) => [
    uniqueIndex('storefront_customers_email_key').on(t.projectId, t.email),
    // One index per sort the list offers: a filtered, sorted page is an index range, page 500 as page 1.
    index('storefront_customers_last_idx').on(t.projectId, t.lastPurchasedAt, t.id),
    index('storefront_customers_value_idx').on(t.projectId, t.lifetimeValue, t.id),
    index('storefront_customers_count_idx').on(t.projectId, t.orderCount, t.id),
    index('storefront_customers_name_idx').on(t.projectId, t.name, t.id),
    index('storefront_customers_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const storefrontOrders = pgTable(
  'storefront_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    number: integer('number').notNull(),
    source: text('source').notNull(),
    externalId: text('external_id'),
    status: text('status').$type<OrderStatus>().notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => storefrontCustomers.id, { onDelete: 'cascade' }),
    // The customer as the order gave them: the list shows and searches these without a join.
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    currency: text('currency').notNull(),
    subtotal: money('subtotal').notNull(),
    shipping: money('shipping').notNull(),
    tax: money('tax').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    itemCount: integer('item_count').notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>(),
    billingAddress: jsonb('billing_address').$type<Address>(),
    note: text('note'),
    paymentFailed: boolean('payment_failed').notNull().default(false),
    placedAt: at('placed_at').notNull(),
    paidAt: at('paid_at'),
    fulfilledAt: at('fulfilled_at'),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${storefrontOrders.number}::text || ' ' || ${storefrontOrders.customerName} || ' ' || ${storefrontOrders.customerEmail})`,
      ),
  },
  (t) => [
    uniqueIndex('storefront_orders_number_key').on(t.projectId, t.number),
    uniqueIndex('storefront_orders_external_key').on(t.projectId, t.source, t.externalId),
    // Keyset pages by each date the list can filter on, newest first.
    index('storefront_orders_placed_idx').on(t.projectId, t.placedAt, t.id),
    index('storefront_orders_paid_idx').on(t.projectId, t.paidAt, t.id),
    index('storefront_orders_fulfilled_idx').on(t.projectId, t.fulfilledAt, t.id),
    index('storefront_orders_customer_idx').on(t.customerId, t.placedAt),
    index('storefront_orders_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

export const storefrontOrderItems = pgTable(
  'storefront_order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storefrontOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    variant: text('variant'),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    total: money('total').notNull(),
  },
  (t) => [index('storefront_order_items_order_idx').on(t.orderId, t.position)],
);

/** The order's timeline: every change, in the transaction that made it. */
export const storefrontOrderEvents = pgTable(
  'storefront_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storefrontOrders.id, { onDelete: 'cascade' }),
    /** The order of writing: two lines of one transaction share a time. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    actor: text('actor'),
  },
  (t) => [index('storefront_order_events_order_idx').on(t.orderId, t.seq)],
);

/**
 * Each attempt to take an order's payment. `(orderId, attempt)` is unique and the attempt's id is
 * the payment account's idempotency key: a retry that crashed half way charges at most once.
 */
export const storefrontPayments = pgTable(
  'storefront_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storefrontOrders.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    method: text('method').$type<'card' | 'external'>().notNull(),
    /** The card's handle at the payment account (card payments), kept to retry with. */
    paymentMethod: text('payment_method'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    reference: text('reference'),
    failure: text('failure'),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [uniqueIndex('storefront_payments_attempt_key').on(t.orderId, t.attempt)],
);

export const storefrontFulfillments = pgTable(
  'storefront_fulfillments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => storefrontOrders.id, { onDelete: 'cascade' }),
    status: text('status').$type<FulfillmentStatus>().notNull(),
    fulfillerKind: text('fulfiller_kind').$type<'project' | 'module'>().notNull(),
    fulfillerCode: text('fulfiller_code'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    shippedAt: at('shipped_at'),
    deliveredAt: at('delivered_at'),
  },
  (t) => [index('storefront_fulfillments_order_idx').on(t.orderId, t.createdAt)],
);

export const storefrontFulfillmentItems = pgTable(
  'storefront_fulfillment_items',
  {
    fulfillmentId: uuid('fulfillment_id')
      .notNull()
      .references(() => storefrontFulfillments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => storefrontOrderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fulfillmentId, t.orderItemId] })],
);

/** The account a project's orders are paid into (Stripe Connect, or the sandbox's stand-in). */
export const storefrontPaymentAccounts = pgTable('storefront_payment_accounts', {
  projectId: projectRef().primaryKey(),
  vendor: text('vendor').$type<'sandbox' | 'stripe'>().notNull(),
  accountId: text('account_id').notNull(),
  displayName: text('display_name'),
  country: text('country'),
  defaultCurrency: text('default_currency'),
  chargesEnabled: boolean('charges_enabled').notNull(),
  connectedAt: at('connected_at').notNull(),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A CSV export running in the background into a drive file. */
export const storefrontExports = pgTable(
  'storefront_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    kind: text('kind').$type<'orders' | 'customers' | 'reviews'>().notNull(),
    /** The list's filters as the request's validation parsed them (number filters as `{min, max}`). */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
    rows: integer('rows').notNull().default(0),
    total: integer('total'),
    fileId: uuid('file_id'),
    fileName: text('file_name').notNull(),
    failure: text('failure'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('storefront_exports_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * A message from the storefront's contact form. Linked to the customer with the same address when
 * there is one; `readAt` is the inbox's read state (the first member to open it marks it read).
 */
export const storefrontEnquiries = pgTable(
  'storefront_enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    customerId: uuid('customer_id').references(() => storefrontCustomers.id, { onDelete: 'set null' }),
    /** Lower-cased, as customers' are. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull(),
    readAt: at('read_at'),
    repliedAt: at('replied_at'),
    closedAt: at('closed_at'),
    receivedAt: at('received_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${storefrontEnquiries.name} || ' ' || ${storefrontEnquiries.email} || ' ' || ${storefrontEnquiries.subject})`,
      ),
  },
  (t) => [
    index('storefront_enquiries_received_idx').on(t.projectId, t.receivedAt, t.id),
    index('storefront_enquiries_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // The inbox's unread badge on every list call: only unread rows are in it, so it stays small.
    index('storefront_enquiries_unread_idx')
      .on(t.projectId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** An enquiry's log: received, read, replied (with the reply), closed, reopened. */
export const storefrontEnquiryLogs = pgTable(
  'storefront_enquiry_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => storefrontEnquiries.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    kind: text('kind').$type<'received' | 'read' | 'replied' | 'closed' | 'reopened'>().notNull(),
    /** The reply's text for `replied`; null otherwise. */
    message: text('message'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who did it, as shown then (a member's name, or the storefront). */
    actorName: text('actor_name'),
  },
  (t) => [index('storefront_enquiry_logs_enquiry_idx').on(t.enquiryId, t.seq)],
);

/**
 * A product or store review sent in by the storefront. It starts `pending`; only `approved`
 * reviews are public. Photos are drive files of the project.
 */
export const storefrontReviews = pgTable(
  'storefront_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    kind: text('kind').$type<'product' | 'store'>().notNull(),
    productSku: text('product_sku'),
    productName: text('product_name'),
    orderId: uuid('order_id').references(() => storefrontOrders.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => storefrontCustomers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body').notNull(),
    photoFileIds: uuid('photo_file_ids').array().notNull().default([]),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'hidden'>().notNull(),
    rejectionReason: text('rejection_reason'),
    moderatedAt: at('moderated_at'),
    submittedAt: at('submitted_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${storefrontReviews.authorName} || ' ' || ${storefrontReviews.authorEmail} || ' ' || coalesce(${storefrontReviews.productName}, '') || ' ' || coalesce(${storefrontReviews.title}, '') || ' ' || ${storefrontReviews.body})`,
      ),
  },
  (t) => [
    index('storefront_reviews_submitted_idx').on(t.projectId, t.submittedAt, t.id),
    index('storefront_reviews_rating_idx').on(t.projectId, t.rating, t.id),
    // The moderation queue (pending first) and the public list (approved only).
    index('storefront_reviews_status_idx').on(t.projectId, t.status, t.submittedAt, t.id),
    // The public list by product (no sign-in, every page view): an index range, count and average included.
    index('storefront_reviews_product_idx').on(t.projectId, t.productSku, t.status, t.submittedAt, t.id),
    index('storefront_reviews_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);

/** Every moderation decision on a review, with its reason and who made it. */
export const storefrontReviewLogs = pgTable(
  'storefront_review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => storefrontReviews.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    decision: text('decision').$type<'submitted' | 'approved' | 'rejected' | 'hidden'>().notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
  },
  (t) => [index('storefront_review_logs_review_idx').on(t.reviewId, t.seq)],
);

/**
 * The review request mail owed for a completed order: written when the order completes, due
 * after the Reviews module's "ask after N days", sent once by the review-request job.
 */
export const storefrontReviewRequests = pgTable('storefront_review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => storefrontOrders.id, { onDelete: 'cascade' }),
  projectId: projectRef(),
  dueAt: at('due_at').notNull(),
  sentAt: at('sent_at'),
});
