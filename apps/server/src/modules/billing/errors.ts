import { AppError } from '../../core/errors.js';

// SPEC.md section 8 gives the words of the first two; the console matches on the codes.
/** 409: the request is fine, the account is not ready for it. The console offers a Fix action to projects.settings. */
export const companyNotFound = () => new AppError(409, 'COMPANY_NOT_FOUND', 'Company setup required.');
/** 402 Payment Required: the charge would take the balance below minus the credit limit. */
export const insufficientBalance = () =>
  new AppError(402, 'INSUFFICIENT_BALANCE', 'Balance is insufficient to complete this charge.');

/** 403: who is acting may not book this kind of entry (docs/decisions/022). */
export const transactionNotAllowed = (message: string) => new AppError(403, 'TRANSACTION_NOT_ALLOWED', message);
/** 409: the write would take a balance or hold beyond MONEY_MAX, the most every read can show. */
export const balanceLimitExceeded = () =>
  new AppError(
    409,
    'BALANCE_LIMIT_EXCEEDED',
    'This would take the wallet beyond the most it can hold (10,000,000,000.00 in its currency).',
  );

export const walletNotFound = () => new AppError(404, 'WALLET_NOT_FOUND', 'Wallet not found');
export const transactionNotFound = () => new AppError(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found');
export const transactionNotPending = (status: string) =>
  new AppError(409, 'TRANSACTION_NOT_PENDING', `Only pending transactions can change; this one is ${status}.`);
export const transactionNotReversible = (why: string) => new AppError(409, 'TRANSACTION_NOT_REVERSIBLE', why);
export const currencyLocked = () =>
  new AppError(
    409,
    'CURRENCY_LOCKED',
    'The currency cannot change once the project has transactions. Ask support to move the account.',
  );

// Payment methods and payments.
/** SPEC.md section 8's words. 502: the gateway, not the request, failed. */
export const setupIntentFailed = () => new AppError(502, 'SETUP_INTENT_FAILED', 'Failed to create a payment method.');
export const paymentMethodNotFound = () => new AppError(404, 'PAYMENT_METHOD_NOT_FOUND', 'Payment method not found');
export const paymentVendorNotFound = (vendor: string) =>
  new AppError(404, 'PAYMENT_VENDOR_NOT_FOUND', `Payment vendor ${vendor} is not available.`);
export const paymentVendorMismatch = (vendor: string) =>
  new AppError(400, 'PAYMENT_VENDOR_NOT_AVAILABLE', `Cards are added through ${vendor} here.`, [
    { path: 'body.vendor', message: `Use ${vendor}.` },
  ]);
/** A top-up with no payment method to charge: the account alert's words. */
export const paymentMethodRequired = () => new AppError(409, 'PAYMENT_METHOD_REQUIRED', 'Missing payment method.');
export const lastPaymentMethodInUse = () =>
  new AppError(
    409,
    'PAYMENT_METHOD_IN_USE',
    'The last payment method cannot be removed while invoices are due. Add another one first.',
  );
/**
 * A card the gateway will not store: a form error on the field to blame. CARD_DECLINED when the
 * card network declined its setup (still a 400: the form shows it, and the card was never stored).
 */
export const cardInvalid = (field: string, message: string, code: 'CARD_INVALID' | 'CARD_DECLINED' = 'CARD_INVALID') =>
  new AppError(400, code, message, [{ path: `body.${field}`, message }]);
export const gatewayUnavailable = () =>
  new AppError(502, 'PAYMENT_GATEWAY_UNAVAILABLE', 'The payment gateway could not be reached. Try again.');
