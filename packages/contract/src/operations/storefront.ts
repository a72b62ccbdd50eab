import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  AvailableFulfiller,
  CompletePaymentAuthorizationRequest,
  CustomerDetail,
  CustomerPage,
  ExportCustomersQuery,
  ExportOrdersQuery,
  Fulfillment,
  ListCustomersQuery,
  ListOrdersQuery,
  Order,
  OrderPage,
  PaymentAccount,
  PaymentAuthorization,
  PlaceOrderRequest,
  RefundOrderRequest,
  StorefrontExport,
  UpdateFulfillmentRequest,
} from '../schemas/storefront.js';

const tags = ['storefront'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
/** Every storefront call names the project's platform too (SPEC.md section 7 "Platform"); another answers 404. */
const onPlatform = z.object({ platformId: z.uuid() });
const orderParams = onPlatform.extend({ orderId: z.uuid() });
const customerParams = onPlatform.extend({ customerId: z.uuid() });
const fulfillmentParams = onPlatform.extend({ fulfillmentId: z.uuid() });
const readOrders = { kind: 'permission', permission: 'orders.read' } as const;
const manageOrders = { kind: 'permission', permission: 'orders.manage' } as const;
const readCustomers = { kind: 'permission', permission: 'customers.read' } as const;
const manageStorefront = { kind: 'permission', permission: 'storefront.manage' } as const;

/**
 * The storefront's orders, customers, fulfilments and payment account (SPEC.md section 7
 * "Platform", issue 22, decision 035). Orders arrive through `placeOrder`, the intake the project's
 * storefront and sales-channel modules call with a project API key holding `orders.create`; their
 * status then moves only along the transitions decision 035 lists, driven by payments and fulfilments.
 */
export const storefrontOperations = {
  placeOrder: defineOperation({
    operationId: 'placeOrder',
    method: 'POST',
    path: '/v1/platform/{platformId}/orders',
    summary:
      "The order intake: the storefront or a sales channel places an order (an API key with orders.create). Wharf adds up the totals, keeps the customer's figures in the same transaction and charges a card through the project's payment account; the answer is the order, `paid` or `new` with the failed payment. The same `externalId` answers the first order again",
    tags,
    params: onPlatform,
    query: inProject,
    body: PlaceOrderRequest,
    bodyName: 'placeOrderRequest',
    responses: { 201: Order, ...errors, 409: ApiErrorBody },
    access: { kind: 'permission', permission: 'orders.create' },
    audited: true,
  }),
  listOrders: defineOperation({
    operationId: 'listOrders',
    method: 'GET',
    path: '/v1/platform/{platformId}/orders',
    summary:
      "The project's orders, newest first by the date `dateFilterType` names (placed, paid or fulfilled), within start and end, matching `search` (number, customer name or email)",
    tags,
    params: onPlatform,
    query: ListOrdersQuery,
    responses: { 200: OrderPage, ...errors },
    access: readOrders,
    audited: false,
  }),
  exportOrders: defineOperation({
    operationId: 'exportOrders',
    method: 'POST',
    path: '/v1/platform/{platformId}/orders/export',
    summary:
      'Start a CSV export of the orders placed from start (required) to end matching search; it runs in the background into a drive file (poll getStorefrontExport), and a notification says when it is ready',
    tags,
    params: onPlatform,
    query: ExportOrdersQuery,
    responses: { 202: StorefrontExport, ...errors, 409: ApiErrorBody },
    access: readOrders,
    audited: true,
  }),
  getOrder: defineOperation({
    operationId: 'getOrder',
    method: 'GET',
    path: '/v1/platform/{platformId}/orders/{orderId}',
    summary: 'One order: items, totals, customer, addresses, payments, fulfilments and its timeline',
    tags,
    params: orderParams,
    query: inProject,
    responses: { 200: Order, ...errors },
    access: readOrders,
    audited: false,
  }),
  retryPlatformPayment: defineOperation({
    operationId: 'retryPlatformPayment',
    method: 'POST',
    path: '/v1/platform/{platformId}/orders/{orderId}/retryPlatformPayment',
    summary:
      "Charge the order's card again through the payment account, at most once per failure: refused (409) unless its last payment failed, so a repeated call (while the retry runs, or after it succeeded) charges nothing",
    tags,
    params: orderParams,
    query: inProject,
    responses: { 200: Order, ...errors, 409: ApiErrorBody },
    access: manageOrders,
    audited: true,
  }),
  refundOrder: defineOperation({
    operationId: 'refundOrder',
    method: 'POST',
    path: '/v1/platform/{platformId}/orders/{orderId}/refund',
    summary:
      "Refund a paid order in full: a card payment is given back through the payment account (at most once, however often this is called), a payment taken elsewhere is recorded as refunded there. The order becomes `refunded`, its open fulfilments are cancelled and its customer's lifetime value drops by its total. Refused (409) unless the order is paid, processing or complete",
    tags,
    params: orderParams,
    query: inProject,
    body: RefundOrderRequest,
    bodyName: 'refundOrderRequest',
    responses: { 200: Order, ...errors, 409: ApiErrorBody, 502: ApiErrorBody },
    access: manageOrders,
    audited: true,
  }),
  getFulfillment: defineOperation({
    operationId: 'getFulfillment',
    method: 'GET',
    path: '/v1/platform/{platformId}/fulfillments/{fulfillmentId}',
    summary: 'One fulfilment of an order: who fulfils which items, its status, carrier and tracking',
    tags,
    params: fulfillmentParams,
    query: inProject,
    responses: { 200: Fulfillment, ...errors },
    access: readOrders,
    audited: false,
  }),
  updateFulfillment: defineOperation({
    operationId: 'updateFulfillment',
    method: 'PATCH',
    path: '/v1/platform/{platformId}/fulfillments/{fulfillmentId}',
    summary:
      'Change a fulfilment: its fulfiller, status, carrier and tracking number, or keep only some items (the rest split into a new fulfilment). The order moves to processing, then complete once everything not cancelled has shipped',
    tags,
    params: fulfillmentParams,
    query: inProject,
    body: UpdateFulfillmentRequest,
    bodyName: 'updateFulfillmentRequest',
    responses: { 200: Fulfillment, ...errors, 409: ApiErrorBody },
    access: manageOrders,
    audited: true,
  }),
  listAvailableFulfillers: defineOperation({
    operationId: 'listAvailableFulfillers',
    method: 'GET',
    path: '/v1/platform/{platformId}/available-fulfillers',
    summary: "Who can fulfil the project's orders: the project itself and its installed fulfilment modules",
    tags,
    params: onPlatform,
    query: inProject,
    responses: { 200: z.array(AvailableFulfiller), ...errors },
    access: readOrders,
    audited: false,
  }),
  listCustomers: defineOperation({
    operationId: 'listCustomers',
    method: 'GET',
    path: '/v1/platform/{platformId}/customers',
    summary:
      "The project's customers, kept current as orders arrive; filtered by totalOrderCount and lifetimeValue (a comparison such as gte:3 or a range such as 2..5) and the last purchase's dates",
    tags,
    params: onPlatform,
    query: ListCustomersQuery,
    responses: { 200: CustomerPage, ...errors },
    access: readCustomers,
    audited: false,
  }),
  exportCustomers: defineOperation({
    operationId: 'exportCustomers',
    method: 'POST',
    path: '/v1/platform/{platformId}/customers/export',
    summary: 'Start a CSV export of the customers the filters match, in the background into a drive file',
    tags,
    params: onPlatform,
    query: ExportCustomersQuery,
    responses: { 202: StorefrontExport, ...errors, 409: ApiErrorBody },
    access: readCustomers,
    audited: true,
  }),
  getCustomer: defineOperation({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/v1/platform/{platformId}/customers/{customerId}',
    summary: 'One customer with their figures and latest orders',
    tags,
    params: customerParams,
    query: inProject,
    responses: { 200: CustomerDetail, ...errors },
    access: readCustomers,
    audited: false,
  }),
  getStorefrontExport: defineOperation({
    operationId: 'getStorefrontExport',
    method: 'GET',
    path: '/v1/platform/{platformId}/exports/{exportId}',
    summary: 'An export the caller started: its progress, and its drive file once done',
    tags,
    params: onPlatform.extend({ exportId: z.uuid() }),
    query: inProject,
    responses: { 200: StorefrontExport, ...errors },
    access: { kind: 'permission', permission: 'projects.read' },
    audited: false,
  }),
  getPaymentAccount: defineOperation({
    operationId: 'getPaymentAccount',
    method: 'GET',
    path: '/v1/platform/payment/stripe',
    summary: "The project's payment account: connected or not, and a summary of the account",
    tags,
    query: inProject,
    responses: { 200: PaymentAccount, ...errors },
    access: readOrders,
    audited: false,
  }),
  authorizePaymentAccount: defineOperation({
    operationId: 'authorizePaymentAccount',
    method: 'GET',
    path: '/v1/platform/payment/stripe/authorize',
    summary:
      "The URL that starts Stripe Connect's OAuth (the sandbox's own when Wharf runs without Stripe keys); it returns to the console's payment account page with a code and a state",
    tags,
    query: inProject,
    responses: { 200: PaymentAuthorization, ...errors, 409: ApiErrorBody },
    access: manageStorefront,
    audited: false,
  }),
  completePaymentAuthorization: defineOperation({
    operationId: 'completePaymentAuthorization',
    method: 'POST',
    path: '/v1/platform/payment/stripe/authorize',
    summary:
      'The OAuth callback: the console hands over the code and state it came back with; the state must be the one issued to this person for this project within the hour',
    tags,
    query: inProject,
    body: CompletePaymentAuthorizationRequest,
    bodyName: 'completePaymentAuthorizationRequest',
    responses: { 200: PaymentAccount, ...errors, 502: ApiErrorBody },
    access: manageStorefront,
    audited: true,
  }),
  deauthorizePaymentAccount: defineOperation({
    operationId: 'deauthorizePaymentAccount',
    method: 'DELETE',
    path: '/v1/platform/payment/stripe/deauthorize',
    summary: 'Disconnect the payment account: card orders are refused until one is connected again',
    tags,
    query: inProject,
    responses: { 200: PaymentAccount, ...errors, 502: ApiErrorBody },
    access: manageStorefront,
    audited: true,
  }),
};
