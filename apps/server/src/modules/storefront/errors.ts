import { AppError, badRequest, notFound } from '../../core/errors.js';

/** The storefront's refusals, with the words the console shows (decision 035). */
export const orderNotFound = () => notFound('There is no such order in this project.', 'ORDER_NOT_FOUND');
export const customerNotFound = () => notFound('There is no such customer in this project.', 'CUSTOMER_NOT_FOUND');
export const fulfillmentNotFound = () =>
  notFound('There is no such fulfilment in this project.', 'FULFILLMENT_NOT_FOUND');
export const exportNotFound = () => notFound('There is no such export of yours in this project.', 'EXPORT_NOT_FOUND');
export const platformMismatch = () =>
  notFound("This project is not on that platform: use the project's own platform id.", 'PLATFORM_NOT_FOUND');

export const paymentAccountMissing = () =>
  new AppError(
    409,
    'PAYMENT_ACCOUNT_NOT_CONNECTED',
    'Connect a payment account before taking card payments: Platform, Payment account.',
  );
export const chargesDisabled = () =>
  new AppError(
    409,
    'PAYMENT_ACCOUNT_CHARGES_DISABLED',
    'The payment account cannot take charges yet: finish its setup with the payment provider.',
  );
export const currencyMismatch = (shop: string) =>
  badRequest(`This shop sells in ${shop}: send the order's amounts in ${shop}.`, 'CURRENCY_MISMATCH');

export const orderTransitionRefused = (message: string) => new AppError(409, 'ORDER_TRANSITION_REFUSED', message);
export const nothingToRetry = (message: string) => new AppError(409, 'PAYMENT_NOT_RETRYABLE', message);
