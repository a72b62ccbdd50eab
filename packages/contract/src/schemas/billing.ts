import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { RouteRef } from './notifications.js';

/**
 * Money is an integer count of minor units (cents) plus an ISO 4217 currency, never a float.
 *
 * MONEY_MAX is the one limit of the billing contract (docs/decisions/022): the most any amount in a
 * request or entry may be, and the most a wallet's balance, holds or credit limit may reach — the
 * ledger refuses a write that would take a balance beyond it (409 BALANCE_LIMIT_EXCEEDED). Figures
 * that add entries up (balances, which billing's own tax lines may take past the bound, what is
 * available, a period's spend, an invoice's total, a statement's movements) are read as
 * `MoneyTotal`s: any exact JSON integer (about 9,000 times MONEY_MAX), so whatever the ledger
 * accepted, every read can serialise.
 */
export const MONEY_MAX = 1_000_000_000_000;
export const MinorUnits = z.number().int().min(-MONEY_MAX).max(MONEY_MAX);
export const PositiveMinorUnits = z.number().int().min(1, 'Use an amount above zero.').max(MONEY_MAX);
/** A balance-like figure that is never negative (a hold, a credit limit). */
export const NonNegativeMinorUnits = z.number().int().min(0).max(MONEY_MAX);
/** The bound of sums of bounded amounts: exact integers in JSON and JavaScript. */
export const MONEY_TOTAL_MAX = Number.MAX_SAFE_INTEGER;
export const MoneyTotal = z.number().int().min(-MONEY_TOTAL_MAX).max(MONEY_TOTAL_MAX);
export const NonNegativeMoneyTotal = z.number().int().min(0).max(MONEY_TOTAL_MAX);
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

/** The payment gateways Wharf speaks to: the sandbox (the default) and Stripe. */
export const PaymentVendor = z.enum(['sandbox', 'stripe']);
export type PaymentVendor = z.infer<typeof PaymentVendor>;

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
    creditLimit: NonNegativeMinorUnits,
    autoPay: z.boolean(),
    flags: z.array(BillingFlag),
    /** The gateway cards are added with: the sandbox form, or Stripe's own (see `getVendorSecret`). */
    paymentVendor: PaymentVendor,
  })
  .meta({ id: 'BillingProject' });
export type BillingProject = z.infer<typeof BillingProject>;

/** Only the fields given change. `currency` can change only while the project has no transactions. */
export const UpdateBillingProjectRequest = z
  .object({
    company: CompanyDetails.optional(),
    currency: Currency.optional(),
    autoPay: z.boolean().optional(),
    /**
     * Move to another plan of the catalogue. The change is prorated through the ledger: the unused
     * part of the old plan's month is credited, the rest of the new one's charged. Leaving a paid
     * plan for the demo plan issues the final invoice at once.
     */
    plan: z.string().trim().min(1).max(50).optional(),
  })
  .meta({ id: 'UpdateBillingProjectRequest' });
export type UpdateBillingProjectRequest = z.infer<typeof UpdateBillingProjectRequest>;

/**
 * A platform administrator's credit to a project's wallet (goodwill, a correction, a payment taken
 * outside Wharf): booked as a confirmed `credit` entry, with the reason on the entry and in the audit
 * log. The only way besides a card payment that money enters a wallet (docs/decisions/022).
 */
export const AdminCredit = z
  .object({
    amount: PositiveMinorUnits,
    /** The project's billing currency when left out. */
    currency: Currency.optional(),
    reason: z
      .string('Give the reason for the credit.')
      .trim()
      .min(3, 'Give the reason for the credit.')
      .max(500, 'Use at most 500 characters.'),
  })
  .meta({ id: 'AdminCredit' });
export type AdminCredit = z.infer<typeof AdminCredit>;

/** What platform administrators set on a project's billing: its credit limit, and/or a credit to its wallet. */
export const UpdateAdminBillingProjectRequest = z
  .object({ creditLimit: NonNegativeMinorUnits.optional(), credit: AdminCredit.optional() })
  .refine((body) => body.creditLimit !== undefined || body.credit !== undefined, {
    message: 'Give a credit limit or a credit.',
    path: ['creditLimit'],
  })
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
    balance: MoneyTotal,
    /** Pending charges hold this much of the balance until confirmed or void (a positive number). */
    held: NonNegativeMinorUnits,
    /** balance − held + creditLimit: what a new charge may still take. */
    available: MoneyTotal,
    creditLimit: NonNegativeMinorUnits,
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
    /** Within MONEY_MAX for what is asked for; a collection pays an invoice's whole due amount in one entry. */
    amount: MoneyTotal,
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

/** An integration's code, as modules are named (`gfn`, `wooCommerce`, `mail-campaigns`): SPEC.md's codes are camelCase. */
export const IntegrationCode = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, 'Use an integration code such as gfn.');

/**
 * A charge, credit or payment is given as a positive amount; a `payment` is a wallet top-up charged
 * to a payment method and booked confirmed once the gateway takes it (`confirm` does not apply); an
 * adjustment as a signed one (its effect on the balance). Without `confirm` the entry is pending: a
 * pending charge holds its amount.
 *
 * A project cannot add value to its own wallet: it may raise charges, negative adjustments and
 * payments (which the gateway must take). A `credit` or a positive `adjustment` answers
 * 403 TRANSACTION_NOT_ALLOWED; credits come from platform administrators (`PATCH /admin`, with a reason).
 */
export const CreateTransactionRequest = z
  .object({
    type: z.enum(['charge', 'credit', 'adjustment', 'payment']),
    amount: MinorUnits.refine((n) => n !== 0, 'Use an amount other than zero.'),
    currency: Currency,
    integration: IntegrationCode,
    sourceReference: z.string().trim().min(1, 'Give the source reference.').max(200),
    description: z.string().trim().max(500).nullable().optional(),
    confirm: z.boolean().default(false),
    /**
     * A `payment` tops the wallet up by charging this payment method through the gateway (the
     * project's default payment method when left out). Only payments take one.
     */
    paymentMethodId: z.uuid().optional(),
  })
  .refine((t) => t.type === 'adjustment' || t.amount > 0, {
    message: 'Give charges, credits and payments as a positive amount.',
    path: ['amount'],
  })
  .refine((t) => t.type === 'payment' || t.paymentMethodId === undefined, {
    message: 'Only payments take a payment method.',
    path: ['paymentMethodId'],
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

// Payment methods ---------------------------------------------------------------------------------

export const CardBrand = z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown']);
export type CardBrand = z.infer<typeof CardBrand>;

/** The Luhn (mod 10) check every card number passes; `digits` holds only digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number as typed, without the spaces and dashes between digit groups. */
export const cardDigits = (typed: string) => typed.replace(/[\s-]/g, '');

/** A card number as typed: spaces and dashes between digit groups are allowed (the server drops them). */
export const CardNumber = z
  .string('Enter the card number.')
  .max(40, 'Enter a card number of 12 to 19 digits.')
  .superRefine((typed, ctx) => {
    const digits = cardDigits(typed);
    if (!/^\d{12,19}$/.test(digits))
      ctx.addIssue({ code: 'custom', message: 'Enter a card number of 12 to 19 digits.' });
    else if (!luhnValid(digits))
      ctx.addIssue({ code: 'custom', message: 'This card number is not valid. Check the digits.' });
  });

/**
 * A stored card: only its brand, last four digits and expiry are kept, never its number or
 * security code. The first one added becomes the default; payments use the default unless told.
 */
export const PaymentMethod = z
  .object({
    id: z.uuid(),
    vendor: PaymentVendor,
    brand: CardBrand,
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    holderName: z.string(),
    isDefault: z.boolean(),
    /** Past its expiry month by the server's clock: payments with it fail. */
    expired: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * A card for the sandbox gateway (sandbox mode). Its number is checked (digits and the Luhn check)
 * and given to the gateway, which keeps only brand, last four digits and expiry. `vendor` may be
 * left out: bodies written before the Stripe gateway existed are sandbox bodies.
 */
export const SandboxPaymentMethodRequest = z.object({
  vendor: z.literal('sandbox').default('sandbox'),
  number: CardNumber,
  expMonth: z
    .number('Enter the expiry month.')
    .int()
    .min(1, 'Use a month from 1 to 12.')
    .max(12, 'Use a month from 1 to 12.'),
  expYear: z
    .number('Enter the expiry year.')
    .int()
    .min(2000, 'Use a four-digit year such as 2030.')
    .max(2100, 'Use a four-digit year such as 2030.'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
  holderName: z.string().trim().min(1, 'Enter the name on the card.').max(100, 'Use at most 100 characters.'),
  /** Make it the default at once (the first payment method always is). */
  isDefault: z.boolean().optional(),
});

/**
 * A card added with Stripe (Stripe mode): the browser gave the card to Stripe.js, which confirmed the
 * setup intent (`GET /payment-methods/stripe/secret`) and answered the payment method's id. The card
 * number never reaches Wharf; the server asks Stripe for brand, last four digits and expiry. Strict,
 * so a body that also carries card fields is refused rather than quietly passing a number through.
 */
export const StripePaymentMethodRequest = z.strictObject({
  vendor: z.literal('stripe'),
  paymentMethod: z
    .string('Add the card with the Stripe form first.')
    .regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'Use the payment method id Stripe answered (pm_…).'),
  /** Make it the default at once (the first payment method always is). */
  isDefault: z.boolean().optional(),
});

/** createPaymentMethodRequest: a sandbox card or a Stripe payment method, told apart by `vendor`. */
export const CreatePaymentMethodRequest = z
  .discriminatedUnion('vendor', [SandboxPaymentMethodRequest, StripePaymentMethodRequest], {
    error: 'Use the vendor sandbox or stripe.',
  })
  .meta({ id: 'CreatePaymentMethodRequest' });
export type CreatePaymentMethodRequest = z.infer<typeof CreatePaymentMethodRequest>;

/** Makes the payment method the default; a default stops being one only when another takes its place. */
export const UpdatePaymentMethodRequest = z
  .object({ isDefault: z.literal(true, 'Only `isDefault: true` can be set: choose another card to move the default.') })
  .meta({ id: 'UpdatePaymentMethodRequest' });
export type UpdatePaymentMethodRequest = z.infer<typeof UpdatePaymentMethodRequest>;

/** What the browser needs to add a card with the gateway's own form (a setup intent's secret). */
export const VendorSecret = z
  .object({
    vendor: PaymentVendor,
    secret: z.string(),
    /** The public key the browser loads the gateway's script with (Stripe's `pk_…`); null for the sandbox. */
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'VendorSecret' });
export type VendorSecret = z.infer<typeof VendorSecret>;

export const PaymentOutcome = z.enum(['succeeded', 'declined', 'insufficient_funds', 'expired']);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;

/** One charge of a payment method, whatever its outcome (SPEC.md: payment method payment attempt). */
export const PaymentMethodPaymentAttempt = z
  .object({
    id: z.uuid(),
    paymentMethodId: z.uuid(),
    amount: MoneyTotal,
    currency: Currency,
    outcome: PaymentOutcome,
    /** The gateway's reference of the charge, when it made one. */
    gatewayReference: z.string().nullable(),
    /** The ledger entry a successful attempt booked. */
    transactionId: z.uuid().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentMethodPaymentAttempt' });
export type PaymentMethodPaymentAttempt = z.infer<typeof PaymentMethodPaymentAttempt>;

export const PaymentMethodPaymentAttemptPage = Page(PaymentMethodPaymentAttempt).meta({
  id: 'PaymentMethodPaymentAttemptPage',
});

// Invoices -----------------------------------------------------------------------------------------

/**
 * `overdue` is not stored: an unpaid invoice (due or failed) past its due date reads as overdue.
 * `failed`: the last payment attempt failed (retries follow); `void`: cancelled by a platform admin.
 */
export const InvoiceStatus = z.enum(['paid', 'due', 'overdue', 'failed', 'void']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** `period`: the monthly invoice run; `final`: issued at once when a project leaves its paid plan. */
export const InvoiceType = z.enum(['period', 'final']);
export type InvoiceType = z.infer<typeof InvoiceType>;

/**
 * An invoice gathers the confirmed, not yet invoiced entries of a period (its lines are those
 * transactions: list them with `GET /transactions?invoice=`). `total` is what the lines cost, tax
 * included; `amountDue` is the part the wallet could not cover, collected from the default payment
 * method. Numbers are sequential per platform without gaps.
 */
export const Invoice = z
  .object({
    id: z.uuid(),
    number: z.string(),
    type: InvoiceType,
    status: InvoiceStatus,
    currency: Currency,
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Lines before tax, in minor units. */
    subtotal: MoneyTotal,
    tax: MoneyTotal,
    /** Tax rate in basis points (2100 = 21 %). */
    taxRateBps: z.number().int().min(0),
    total: MoneyTotal,
    amountDue: NonNegativeMoneyTotal,
    amountPaid: NonNegativeMoneyTotal,
    lineCount: z.number().int().min(0),
    company: CompanyDetails.nullable(),
    issuedAt: z.string(),
    dueAt: z.string(),
    paidAt: z.string().nullable(),
    voidedAt: z.string().nullable(),
    voidReason: z.string().nullable(),
    attemptCount: z.number().int().min(0),
    /** When the next automatic payment attempt is scheduled; null once paid, void or out of retries. */
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

export const InvoicePage = Page(Invoice).meta({ id: 'InvoicePage' });

export const ListInvoicesQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Matches the invoice number. */
  search: z.string().trim().max(200).optional(),
  /** Invoices issued within the period of this summary. */
  summary: z.uuid().optional(),
  status: InvoiceStatus.optional(),
  type: InvoiceType.optional(),
  /** The invoice that carries this transaction. */
  charge: z.uuid().optional(),
  /** Invoices carrying a transaction with this source reference. */
  sourceReference: z.string().trim().min(1).max(200).optional(),
});

/** One payment attempt of an invoice (SPEC.md: invoice payment attempt). */
export const InvoicePaymentAttempt = PaymentMethodPaymentAttempt.extend({ invoiceId: z.uuid() }).meta({
  id: 'InvoicePaymentAttempt',
});
export type InvoicePaymentAttempt = z.infer<typeof InvoicePaymentAttempt>;

export const InvoicePaymentAttemptPage = Page(InvoicePaymentAttempt).meta({ id: 'InvoicePaymentAttemptPage' });

/** Pay a due or failed invoice now, with this payment method or the default one. */
export const PayInvoiceRequest = z.object({ paymentMethodId: z.uuid().optional() }).meta({ id: 'PayInvoiceRequest' });
export type PayInvoiceRequest = z.infer<typeof PayInvoiceRequest>;

/** Platform administrators only: an unpaid invoice is cancelled, with the reason on record. */
export const VoidInvoiceRequest = z
  .object({ reason: z.string().trim().min(3, 'Give the reason for voiding the invoice.').max(500) })
  .meta({ id: 'VoidInvoiceRequest' });
export type VoidInvoiceRequest = z.infer<typeof VoidInvoiceRequest>;

/** Platform administrators: run the invoices of the period that ends at `periodEnd` (default: the last whole month). */
export const RunInvoicesRequest = z
  .object({ periodEnd: z.iso.datetime({ offset: true }).optional() })
  .meta({ id: 'RunInvoicesRequest' });
export type RunInvoicesRequest = z.infer<typeof RunInvoicesRequest>;

export const InvoiceRun = z
  .object({
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Projects looked at, invoices issued (a second run of the same period issues none). */
    projects: z.number().int(),
    invoices: z.number().int(),
  })
  .meta({ id: 'InvoiceRun' });
export type InvoiceRun = z.infer<typeof InvoiceRun>;

// Summaries ----------------------------------------------------------------------------------------

/** A statement of one wallet over a period: opening balance, movements by type, closing balance. */
export const Summary = z
  .object({
    id: z.uuid(),
    currency: Currency,
    periodStart: z.string(),
    periodEnd: z.string(),
    openingBalance: MoneyTotal,
    /** Each is the sum of that type's confirmed entries in the period (charges negative). */
    charges: MoneyTotal,
    credits: MoneyTotal,
    payments: MoneyTotal,
    refunds: MoneyTotal,
    adjustments: MoneyTotal,
    closingBalance: MoneyTotal,
    transactionCount: z.number().int().min(0),
    createdAt: z.string(),
  })
  .meta({ id: 'Summary' });
export type Summary = z.infer<typeof Summary>;

export const SummaryPage = Page(Summary).meta({ id: 'SummaryPage' });

export const ListSummariesQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Matches the period (`2026-10`) or the currency. */
  search: z.string().trim().max(200).optional(),
});

/** A period of whole days: `periodStart` inclusive, `periodEnd` exclusive, not in the future. */
export const CreateSummaryRequest = z
  .object({
    periodStart: z.iso.datetime({ offset: true }),
    periodEnd: z.iso.datetime({ offset: true }),
    /** The wallet's currency; the project's billing currency when left out. */
    currency: Currency.optional(),
  })
  .refine((s) => Date.parse(s.periodStart) < Date.parse(s.periodEnd), {
    message: 'The period must end after it starts.',
    path: ['periodEnd'],
  })
  .meta({ id: 'CreateSummaryRequest' });
export type CreateSummaryRequest = z.infer<typeof CreateSummaryRequest>;

// Overview -----------------------------------------------------------------------------------------

export const Overview = z
  .object({
    currency: Currency,
    balance: MoneyTotal,
    available: MoneyTotal,
    /** The current billing period (a calendar month, UTC). */
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Confirmed charges net of credits this period, as a positive amount. */
    spendThisPeriod: MoneyTotal,
    /** What the next period invoice would total if the period ended now (plan fee and tax included). */
    upcomingInvoiceEstimate: MoneyTotal,
    spendByIntegration: z.array(z.object({ integration: z.string(), amount: MoneyTotal })),
    /** The last 12 months, oldest first, `month` as `2026-10`. */
    months: z.array(z.object({ month: z.string(), spend: MoneyTotal, payments: MoneyTotal })),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof Overview>;

// Exports ------------------------------------------------------------------------------------------

export const ExportColumn = z.enum([
  'id',
  'createdAt',
  'confirmedAt',
  'type',
  'status',
  'amount',
  'currency',
  'integration',
  'sourceReference',
  'description',
  'invoiceId',
]);
export type ExportColumn = z.infer<typeof ExportColumn>;

/** Which columns, in order; all of them when left out. Also the body of the summary export. */
export const ExportInvoiceTransactionsRequest = z
  .object({ columns: z.array(ExportColumn).min(1).max(ExportColumn.options.length).optional() })
  .meta({ id: 'ExportInvoiceTransactionsRequest' });
export type ExportInvoiceTransactionsRequest = z.infer<typeof ExportInvoiceTransactionsRequest>;

/** The project's transactions as CSV, filtered like the list (created within `from`–`to`). */
export const ExportTransactionsRequest = ExportInvoiceTransactionsRequest.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  type: TransactionType.optional(),
  status: TransactionStatus.optional(),
  integration: IntegrationCode.optional(),
  search: z.string().trim().max(200).optional(),
}).meta({ id: 'ExportTransactionsRequest' });
export type ExportTransactionsRequest = z.infer<typeof ExportTransactionsRequest>;

/** Platform administrators: every project's transactions (or these projects'), with a project column. */
export const ExportAdminTransactionsRequest = ExportTransactionsRequest.extend({
  projects: z.array(z.uuid()).max(1000).optional(),
}).meta({ id: 'ExportAdminTransactionsRequest' });
export type ExportAdminTransactionsRequest = z.infer<typeof ExportAdminTransactionsRequest>;

/** A file answer: the body is the file itself (see the operation's `download` content type). */
export const BinaryFile = z.string().meta({ id: 'BinaryFile', format: 'binary' });

/** Moves the server's test clock (only when the server runs with TEST_CLOCK=true, as in end-to-end tests). */
export const AdvanceTestClockRequest = z
  .object({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(400 * 24 * 3600),
  })
  .meta({ id: 'AdvanceTestClockRequest' });
export const TestClock = z.object({ now: z.string() }).meta({ id: 'TestClock' });
