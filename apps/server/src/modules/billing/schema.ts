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
    /** Set by the invoice run (a later step); no foreign key until invoices exist. */
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_transactions_list_idx').on(t.projectId, t.createdAt, t.id),
    index('billing_transactions_wallet_idx').on(t.walletId, t.status),
    index('billing_transactions_invoice_idx').on(t.invoiceId),
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
