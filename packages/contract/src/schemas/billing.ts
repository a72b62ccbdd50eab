import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { RouteRef } from './notifications.js';

/**
 * Money is an integer count of minor units (cents) plus an ISO 4217 currency, never a float. The
 * bound keeps every sum of a wallet's entries far inside JavaScript's safe integers and Postgres' bigint.
 */
export const MONEY_MAX = 1_000_000_000_000;
export const MinorUnits = z.number().int().min(-MONEY_MAX).max(MONEY_MAX);
export const PositiveMinorUnits = z.number().int().min(1, 'Use an amount above zero.').max(MONEY_MAX);
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code such as EUR.');

/** `credit_limit_warning` shows once this share of the credit limit is used. */
export const CREDIT_LIMIT_WARNING_RATIO = 0.8;

export const TransactionType = z.enum(['charge', 'credit', 'payment', 'refund', 'adjustment']);
export type TransactionType = z.infer<typeof TransactionType>;
export const TransactionStatus = z.enum(['pending', 'confirmed', 'void']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const CompanyAddress = z
  .object({
    line1: z.string().trim().min(1, 'Enter the street address.').max(200),
    line2: z.string().trim().max(200).nullable().optional(),
    city: z.string().trim().min(1, 'Enter the city.').max(100),
    postalCode: z.string().trim().min(1, 'Enter the postal code.').max(20),
    region: z.string().trim().max(100).nullable().optional(),
    country: z.string().regex(/^[A-Z]{2}$/, 'Use an ISO 3166 country code such as NL.'),
  })
  .meta({ id: 'CompanyAddress' });
export type CompanyAddress = z.infer<typeof CompanyAddress>;

/** Who is billed: printed on invoices. Until set, billing writes answer COMPANY_NOT_FOUND. */
export const CompanyDetails = z
  .object({
    legalName: z.string().trim().min(1, 'Enter the legal name.').max(200),
    address: CompanyAddress,
    taxId: z.string().trim().max(50).nullable().optional(),
    billingEmail: z.email('Enter an email address.').max(254),
  })
  .meta({ id: 'CompanyDetails' });
export type CompanyDetails = z.infer<typeof CompanyDetails>;

export const BillingFlagCode = z.enum([
  'payment_method_required',
  'payment_method_expiring',
  'payment_method_expired',
  'credit_limit_warning',
  'credit_limit_exceeded',
  'has_overdue_invoices',
]);
export type BillingFlagCode = z.infer<typeof BillingFlagCode>;

/** An account alert (SPEC.md section 8), computed from the account's state on every read. */
export const BillingFlag = z
  .object({
    code: BillingFlagCode,
    message: z.string(),
    level: z.enum(['danger', 'warning', 'success', 'default']),
    actions: z.array(z.object({ text: z.string(), style: z.string().optional(), route: RouteRef.optional() })),
  })
  .meta({ id: 'BillingFlag' });
export type BillingFlag = z.infer<typeof BillingFlag>;

export const Plan = z
  .object({
    code: z.string(),
    name: z.string(),
    /** The demo plan (SPEC.md: code 'demo'): a project in demo mode. */
    demo: z.boolean(),
    /** Monthly price in minor units, per currency the plan is sold in. */
    prices: z.array(z.object({ currency: Currency, monthlyAmount: z.number().int().min(0) })),
    features: z.array(z.string()),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

/** SPEC.md section 3's billing project. */
export const BillingProject = z
  .object({
    projectId: z.uuid(),
    company: CompanyDetails.nullable(),
    currency: Currency,
    plan: z.object({ code: z.string(), name: z.string() }),
    /** How far below zero the wallet in `currency` may go, in minor units. */
    creditLimit: z.number().int().min(0),
    autoPay: z.boolean(),
    flags: z.array(BillingFlag),
  })
  .meta({ id: 'BillingProject' });
export type BillingProject = z.infer<typeof BillingProject>;

/** Only the fields given change. `currency` can change only while the project has no transactions. */
export const UpdateBillingProjectRequest = z
  .object({
    company: CompanyDetails.optional(),
    currency: Currency.optional(),
    autoPay: z.boolean().optional(),
  })
  .meta({ id: 'UpdateBillingProjectRequest' });
export type UpdateBillingProjectRequest = z.infer<typeof UpdateBillingProjectRequest>;

/** What platform administrators set on a project's billing. */
export const UpdateAdminBillingProjectRequest = z
  .object({ creditLimit: z.number().int().min(0).max(MONEY_MAX) })
  .meta({ id: 'UpdateAdminBillingProjectRequest' });
export type UpdateAdminBillingProjectRequest = z.infer<typeof UpdateAdminBillingProjectRequest>;

export const AutoTopUp = z
  .object({
    /** Top up when the balance falls below this (minor units; may be negative, inside the credit). */
    threshold: MinorUnits,
    amount: PositiveMinorUnits,
  })
  .meta({ id: 'AutoTopUp' });

/** A prepaid balance of one project in one currency. */
export const Wallet = z
  .object({
    id: z.uuid(),
    currency: Currency,
    /** The sum of the wallet's confirmed entries. */
    balance: MinorUnits,
    /** Pending charges hold this much of the balance until confirmed or void (a positive number). */
    held: z.number().int().min(0),
    /** balance − held + creditLimit: what a new charge may still take. */
    available: MinorUnits,
    creditLimit: z.number().int().min(0),
    autoTopUp: AutoTopUp.nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof Wallet>;

/** `autoTopUp: null` turns it off. */
export const UpdateWalletRequest = z.object({ autoTopUp: AutoTopUp.nullable() }).meta({ id: 'UpdateWalletRequest' });
export type UpdateWalletRequest = z.infer<typeof UpdateWalletRequest>;

/** A ledger entry. `amount` is signed: its effect on the wallet's balance (a charge is negative). */
export const Transaction = z
  .object({
    id: z.uuid(),
    walletId: z.uuid(),
    type: TransactionType,
    status: TransactionStatus,
    amount: MinorUnits,
    currency: Currency,
    integration: z.string(),
    sourceReference: z.string(),
    description: z.string().nullable(),
    /** The entry this one corrects, for reversing entries. */
    reversesId: z.uuid().nullable(),
    invoiceId: z.uuid().nullable(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    voidedAt: z.string().nullable(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof Transaction>;

/** An integration's code, as modules are named (`gfn`, `mail-campaigns`). */
export const IntegrationCode = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, 'Use an integration code such as gfn.');

/**
 * A charge or credit is given as a positive amount; an adjustment as a signed one (its effect on
 * the balance). Without `confirm` the entry is pending: a pending charge holds its amount.
 */
export const CreateTransactionRequest = z
  .object({
    type: z.enum(['charge', 'credit', 'adjustment']),
    amount: MinorUnits.refine((n) => n !== 0, 'Use an amount other than zero.'),
    currency: Currency,
    integration: IntegrationCode,
    sourceReference: z.string().trim().min(1, 'Give the source reference.').max(200),
    description: z.string().trim().max(500).nullable().optional(),
    confirm: z.boolean().default(false),
  })
  .refine((t) => t.type === 'adjustment' || t.amount > 0, {
    message: 'Give charges and credits as a positive amount.',
    path: ['amount'],
  })
  .meta({ id: 'CreateTransactionRequest' });
export type CreateTransactionRequest = z.infer<typeof CreateTransactionRequest>;

export const TransactionPage = Page(Transaction).meta({ id: 'TransactionPage' });

export const ListTransactionsQuery = z.object({
  project: z.uuid(),
  ...Paging,
  invoice: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
  integration: IntegrationCode.optional(),
});
