import { AppError } from '../../core/errors.js';

// SPEC.md section 8 gives the words of the first two; the console matches on the codes.
/** 409: the request is fine, the account is not ready for it. The console offers a Fix action to projects.settings. */
export const companyNotFound = () => new AppError(409, 'COMPANY_NOT_FOUND', 'Company setup required.');
/** 402 Payment Required: the charge would take the balance below minus the credit limit. */
export const insufficientBalance = () =>
  new AppError(402, 'INSUFFICIENT_BALANCE', 'Balance is insufficient to complete this charge.');

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
