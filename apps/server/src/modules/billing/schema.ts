import type { CompanyDetails } from '@wharf/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
// Foreign keys are the one place a module names another's tables; queries still go through services.
import { platforms } from '../platform/schema.js';
import { projects } from '../projects/schema.js';

/** Money columns: bigint minor units, read as JS numbers (the contract bounds every amount far inside 2^53). */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A project's billing settings. A project without a row has the defaults (no company, the
 * project's currency, no credit); the first billing write creates it.
 */
export const billingAccounts = pgTable('billing_accounts', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  company: jsonb('company').$type<CompanyDetails>(),
  currency: text('currency').notNull(),
  creditLimit: money('credit_limit').notNull().default(0),
  autoPay: boolean('auto_pay').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A prepaid balance per project and currency. `balance` caches the sum of its confirmed entries and
 * `held` the pending charges; both change only in the transaction that changes an entry, with the
 * row locked (`FOR UPDATE`), so concurrent charges see each other.
 */
export const wallets = pgTable(
  'billing_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default(0),
    held: money('held').notNull().default(0),
    autoTopUpThreshold: money('auto_top_up_threshold'),
    autoTopUpAmount: money('auto_top_up_amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_wallets_project_currency_idx').on(t.projectId, t.currency),
    check('billing_wallets_held_check', sql`${t.held} >= 0`),
  ],
);

/**
 * The ledger. Entries are never edited but for pending → confirmed | void; a correction is a new
 * entry that `reverses` a confirmed one (at most one reversal each). `amount` is signed: its effect
 * on the balance.
 */
export const transactions = pgTable(
  'billing_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['charge', 'credit', 'payment', 'refund', 'adjustment'] }).notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'void'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    integration: text('integration').notNull(),
    sourceReference: text('source_reference').notNull(),
    description: text('description'),
    reversesId: uuid('reverses_id'),
    /** Set once, by the invoice run that bills the entry (a foreign key would tie the tables' order; the run owns both). */
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_transactions_list_idx').on(t.projectId, t.createdAt, t.id),
    index('billing_transactions_wallet_idx').on(t.walletId, t.status),
    index('billing_transactions_invoice_idx').on(t.invoiceId),
    // What the invoice run gathers: confirmed entries no invoice has billed yet.
    index('billing_transactions_uninvoiced_idx')
      .on(t.projectId, t.confirmedAt)
      .where(sql`${t.invoiceId} is null and ${t.status} = 'confirmed'`),
    uniqueIndex('billing_transactions_reverses_idx').on(t.reversesId),
    check('billing_transactions_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Idempotency keys of billing POSTs (Stripe's semantics), per project. `attempt` names the request
 * holding an in-flight key, so a takeover after a crash cannot be completed by the stale one.
 */
export const idempotencyKeys = pgTable(
  'billing_idempotency_keys',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operationId: text('operation_id').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    attempt: uuid('attempt').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] }), index('billing_idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Stored cards. Only what the gateway lets us keep: brand, last four digits, expiry, the holder's
 * name and the gateway's reference — never the number or the security code. Removed cards are
 * kept (`removedAt`) so that their payment attempts stay on record; at most one live card per
 * project is the default.
 */
export const paymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    gatewayReference: text('gateway_reference').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_payment_methods_project_idx').on(t.projectId, t.createdAt),
    uniqueIndex('billing_payment_methods_default_idx')
      .on(t.projectId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    check('billing_payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Every charge of a payment method, whatever came of it. A successful one names the confirmed
 * `payment` entry it booked, written in the same transaction.
 */
export const paymentAttempts = pgTable(
  'billing_payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: ['succeeded', 'declined', 'insufficient_funds', 'expired'] }).notNull(),
    gatewayReference: text('gateway_reference'),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The invoice this attempt tried to collect; null for wallet top-ups. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('billing_payment_attempts_method_idx').on(t.paymentMethodId, t.createdAt, t.id),
    index('billing_payment_attempts_invoice_idx').on(t.invoiceId, t.createdAt, t.id),
    check('billing_payment_attempts_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The last invoice number given per platform. The invoice run locks its platform's row (`FOR UPDATE`)
 * and takes the next number in the same transaction as the invoice: a rolled-back invoice gives its
 * number back, so numbers have no gaps.
 */
export const invoiceCounters = pgTable('billing_invoice_counters', {
  platformId: uuid('platform_id')
    .primaryKey()
    .references(() => platforms.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Invoices. Lines are the transactions whose `invoice_id` names the invoice (tax is a line of its
 * own); `status` is due, failed, paid or void — overdue is due or failed past `due_at`, read so at
 * `now`. The company details are copied at issue: an invoice never changes with later edits.
 */
export const invoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => platforms.id),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    type: text('type', { enum: ['period', 'final'] }).notNull(),
    status: text('status', { enum: ['due', 'failed', 'paid', 'void'] }).notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    subtotal: money('subtotal').notNull(),
    tax: money('tax').notNull(),
    taxRateBps: integer('tax_rate_bps').notNull(),
    total: money('total').notNull(),
    amountDue: money('amount_due').notNull(),
    amountPaid: money('amount_paid').notNull().default(0),
    lineCount: integer('line_count').notNull(),
    company: jsonb('company').$type<CompanyDetails>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_invoices_platform_sequence_idx').on(t.platformId, t.sequence),
    // One period invoice per project and period: a second run of the period finds it and issues nothing.
    uniqueIndex('billing_invoices_period_idx')
      .on(t.projectId, t.periodStart)
      .where(sql`${t.type} = 'period'`),
    index('billing_invoices_list_idx').on(t.projectId, t.issuedAt, t.id),
    index('billing_invoices_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
    check('billing_invoices_amounts_check', sql`${t.amountDue} >= 0 and ${t.amountPaid} >= 0`),
  ],
);

/** Statements of a wallet over a period, computed once from the ledger when made. */
export const summaries = pgTable(
  'billing_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    openingBalance: money('opening_balance').notNull(),
    charges: money('charges').notNull(),
    credits: money('credits').notNull(),
    payments: money('payments').notNull(),
    refunds: money('refunds').notNull(),
    adjustments: money('adjustments').notNull(),
    closingBalance: money('closing_balance').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('billing_summaries_list_idx').on(t.projectId, t.createdAt, t.id)],
);
